import { useEffect, useId, useRef, useState } from 'react';
import { numberText } from '../../words/numberText';

/** A file as the picker shows it: its name, its size when known, a picture of it when it is an image. */
export interface PickedFile {
  name: string;
  size?: number | null;
  /** a data: or blob: URL of the image (a thumbnail is drawn from it); null: not an image */
  image?: string | null;
}

/**
 * A file input in the page's language: a button that opens the browser's chooser (the native input stays
 * in the page, visually hidden, so it keeps its label, the keyboard and the form), and the chosen files
 * listed under it, each with its thumbnail when it is an image, its size and a remove button. The list is
 * what the page holds (a draft read back, a file kept after Modify and Back), never the input's own state,
 * which the browser forgets and would describe in its own language.
 */
export function FilePicker({
  label,
  accept,
  files,
  words,
  onChoose,
  onRemove,
  invalid,
  describedBy,
}: {
  label: string;
  accept: string;
  files: PickedFile[];
  words: {
    choose: string;
    replace: string;
    remove: string;
    removeNamed: (name: string) => string;
    size: (bytes: number) => string;
  };
  onChoose: (file: File | null) => void;
  onRemove: (index: number) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="field file-picker">
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden"
        accept={accept}
        aria-labelledby={`${id}-label`}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={(e) => {
          onChoose(e.target.files?.[0] ?? null);
          // the same file chosen again after a removal is a change too
          e.target.value = '';
        }}
      />
      <label htmlFor={id} className="button-secondary file-picker-button" aria-hidden="true">
        {files.length ? words.replace : words.choose}
      </label>
      {files.length ? (
        <ul className="file-list">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              {f.image ? <img src={f.image} alt="" className="file-thumb" /> : <FileIcon />}
              <span className="file-name">{f.name}</span>
              {f.size ? <span className="file-size">{words.size(f.size)}</span> : null}
              <button
                type="button"
                className="button-link"
                aria-label={words.removeNamed(f.name)}
                onClick={() => {
                  onRemove(i);
                  input.current?.focus();
                }}
              >
                {words.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FileIcon() {
  return (
    <svg className="file-thumb file-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M6 2h8l6 6v14H6z M14 2v6h6" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** An object URL for a chosen file while it is shown (revoked when the file changes or goes). */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !file.type.startsWith('image/')) {
      setUrl(null);
      return;
    }
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

/** The picker's words from the common messages (app.files.*), sizes in the reader's number format. */
export function fileWords(t: (key: string, params?: Record<string, unknown>) => string, locale: string) {
  return {
    choose: t('app.files.choose'),
    replace: t('app.files.replace'),
    remove: t('app.files.remove'),
    removeNamed: (name: string) => t('app.files.remove_named', { name }),
    size: (bytes: number) =>
      bytes >= 1024 * 1024
        ? t('app.files.mb', { value: numberText(bytes / 1024 / 1024, locale) })
        : t('app.files.kb', { value: numberText(Math.max(bytes / 1024, 0.1), locale) }),
  };
}
