import { useState, type DragEvent } from 'react';
import { checkPdf } from '../../api/verify';

type T = (k: string, p?: Record<string, unknown>) => string;
type Check =
  { state: 'idle' } | { state: 'checking' } | { state: 'done'; issued: boolean } | { state: 'failed' };

/**
 * The verification page's place to drop (or choose) the PDF: the server says whether it is the issued
 * note, byte for byte.
 */
export function VerifyPdf({ code, t }: { code: string; t: T }) {
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [over, setOver] = useState(false);
  const checkFile = (file: File | undefined) => {
    if (!file) return;
    setCheck({ state: 'checking' });
    void checkPdf(code, file).then((r) =>
      setCheck(r.data ? { state: 'done', issued: r.data.issued } : { state: 'failed' }),
    );
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    checkFile(e.dataTransfer.files[0]);
  };
  return (
    <section className="card verify-card" aria-labelledby="verify-pdf">
      <h2 id="verify-pdf">{t('app.verify.pdf_title')}</h2>
      <label
        className={`verify-drop${over ? ' verify-drop-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span>{t('app.verify.pdf_drop')}</span>
        {/* the browser's own button speaks the browser's language: the page's words instead */}
        <input
          type="file"
          className="visually-hidden"
          accept="application/pdf,.pdf"
          onChange={(e) => checkFile(e.target.files?.[0])}
        />
        <span className="button-secondary file-picker-button" aria-hidden="true">
          {t('app.files.choose')}
        </span>
      </label>
      <div aria-live="polite" className="verify-pdf-answer">
        {check.state === 'checking' ? <p>{t('app.verify.pdf_checking')}</p> : null}
        {check.state === 'done' ? (
          <p
            className={`notice ${check.issued ? 'notice-success' : 'notice-error'}`}
            data-issued={check.issued ? 'yes' : 'no'}
          >
            {t(check.issued ? 'app.verify.pdf_issued' : 'app.verify.pdf_not_issued')}
          </p>
        ) : null}
        {check.state === 'failed' ? (
          <p className="notice notice-error">{t('app.verify.pdf_failed')}</p>
        ) : null}
      </div>
    </section>
  );
}
