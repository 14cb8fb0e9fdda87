import { atom, useAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useFetcher } from 'react-router-dom';
import { dateText } from '../../words/dates';
import { apiErrorText } from '../api/http';
import { ConfirmDialog } from './ConfirmDialog';
import { changeIssuedNote } from '../api/verify';
import type { issuedNotesLoader } from '../loaders';
import {
  fetchLink,
  fileAddress,
  linkAddress,
  openFile,
  openLink,
  renewLink,
  tokenOf,
} from '../api/projectMove';

import './projectMove.css';

type T = (key: string, params?: Record<string, unknown>) => string;

/** "Open a project file": a JSON file read and sent as a new project; `onOpened` receives its id. */
export function OpenProjectFile({ api, t, onOpened }: { api: string; t: T; onOpened: (id: string) => void }) {
  const [message, setMessage] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const open = async (file: File | undefined) => {
    if (!file) return;
    setMessage(t('app.project_move.opening'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setMessage(t('app.project_move.file_refused', { message: t('app.project_move.not_a_file') }));
      return;
    }
    const r = await openFile(api, parsed);
    if (input.current) input.current.value = '';
    if (r.data) {
      setMessage('');
      onOpened(r.data.id);
    } else
      setMessage(
        t('app.project_move.file_refused', {
          message:
            r.error?.status === 400 &&
            r.error.field &&
            ['format', 'version', 'product_type'].includes(r.error.field)
              ? t('app.project_move.not_a_file')
              : apiErrorText(r.error, t),
        }),
      );
  };
  return (
    <span className="project-move-open">
      <label className="button-secondary project-move-file">
        {t('app.project_move.open_file')}
        <input
          ref={input}
          className="visually-hidden"
          type="file"
          accept="application/json,.json"
          onChange={(e) => void open(e.target.files?.[0])}
        />
      </label>
      {message ? (
        <span role="status" className="project-move-message">
          {message}
        </span>
      ) : null}
    </span>
  );
}

/** "Or paste the project's link": opens a project by its link in this browser. */
export function PasteLink({ t, onOpened }: { t: T; onOpened: (calc: string, id: string) => void }) {
  const [text, setText] = useState('');
  const [message, setMessage] = useState('');
  return (
    <form
      className="project-move-paste"
      onSubmit={(e) => {
        e.preventDefault();
        const token = tokenOf(text);
        if (!token) {
          setMessage(t('app.project_move.link_dead'));
          return;
        }
        setMessage(t('app.project_move.link_opening'));
        void openLink(token).then((r) => {
          if (r.data) onOpened(r.data.calc, r.data.id);
          else
            setMessage(r.error?.status === 404 ? t('app.project_move.link_dead') : apiErrorText(r.error, t));
        });
      }}
    >
      <label className="field">
        <span className="field-label">{t('app.project_move.paste_link')}</span>
        <input className="field-input" value={text} onChange={(e) => setText(e.target.value)} />
      </label>
      <button type="submit" className="button-secondary">
        {t('app.project_move.open_link')}
      </button>
      {message ? <p role="status">{message}</p> : null}
    </form>
  );
}

/**
 * The project whose tools are open: kept above the panel, so that the panel stays open, its notes shown,
 * when the page draws it anew (the window crossing the phone width folds the tools, a notice hides and
 * brings them back), as the user left it.
 */
const openToolsAtom = atom<string | null>(null);

/**
 * A saved project's ways to other browsers and installations: its secret link (copied, renewed), its file
 * (downloaded), and the notes issued from it (each code shown, the client shown or not on the
 * verification page, a code withdrawn). The notes come from their route's loader (issuedNotesLoader)
 * through a fetcher, when the tools are opened (or drawn open) and again after a change; another
 * project is another ProjectMove (its caller keys it by `id`), its link and message not kept.
 */
export function ProjectMove({
  calc,
  api,
  id,
  t,
  locale,
}: {
  calc: string;
  api: string;
  id: string;
  t: T;
  locale: string;
}) {
  const [link, setLink] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [openFor, setOpenFor] = useAtom(openToolsAtom);
  const open = openFor === id;
  const fetcher = useFetcher<typeof issuedNotesLoader>();
  const notes = fetcher.data ?? null;
  const loadNotes = () => void fetcher.load(`/issued-notes/${calc}/${encodeURIComponent(id)}`);
  // drawn open (opened before the page drew the panel anew): its notes are read again
  useEffect(() => {
    if (open && fetcher.state === 'idle' && fetcher.data === undefined) loadNotes();
    // once, as the panel is drawn; later openings read them from the toggle
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const show = async (token: string, said: string) => {
    const address = linkAddress(token);
    setLink(address);
    try {
      await navigator.clipboard.writeText(address);
      setMessage(said);
    } catch {
      // no clipboard (an iframe, plain HTTP): the address is shown to copy by hand
      setMessage('');
    }
  };
  const copy = async () => {
    const r = await fetchLink(api, id);
    const token = r.data?.token ?? (await renewLink(api, id)).data?.token;
    if (token) await show(token, t('app.project_move.link_copied'));
    else setMessage(apiErrorText(r.error, t));
  };
  // the question asked before a change that cannot be undone: a new link, a code withdrawn
  const [asking, setAsking] = useState<{ renew: true } | { withdraw: string } | null>(null);
  const renew = async () => {
    const r = await renewLink(api, id);
    if (r.data) await show(r.data.token, t('app.project_move.link_renewed'));
    else setMessage(apiErrorText(r.error, t));
  };

  return (
    <details
      className="project-move"
      open={open}
      onToggle={(e) => {
        const now = e.currentTarget.open;
        if (now !== open) setOpenFor(now ? id : null);
        if (now && fetcher.data === undefined && fetcher.state === 'idle') loadNotes();
      }}
    >
      <summary>{t('app.project_move.title')}</summary>
      <div className="project-move-actions">
        <button type="button" className="button-secondary" onClick={() => void copy()}>
          {t('app.project_move.copy_link')}
        </button>
        <button type="button" className="button-secondary" onClick={() => setAsking({ renew: true })}>
          {t('app.project_move.renew_link')}
        </button>
        <a className="button-secondary" href={fileAddress(api, id)} download>
          {t('app.project_move.download')}
        </a>
      </div>
      {link ? (
        <label className="field">
          <span className="field-label">{t('app.project_move.link_label')}</span>
          <input className="field-input" readOnly value={link} onFocus={(e) => e.target.select()} />
        </label>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
      {/* the page's title is its h1, the tools' summary no heading: the notes' title is the next level */}
      <h2 className="project-move-title">{t('app.project_move.notes_title')}</h2>
      {notes && notes.length === 0 ? <p>{t('app.project_move.notes_none')}</p> : null}
      {notes && notes.length > 1 ? <p>{t('app.project_move.notes_each')}</p> : null}
      {notes && notes.length ? (
        <ul className="project-move-notes">
          {notes.map((n, i) => (
            <li key={n.code} data-code={n.code}>
              <a href={`/client/verify/${n.code}`} target="_blank" rel="noreferrer">
                {t('app.project_move.note_line', { date: dateText(n.issued_on, locale), code: n.code })}
              </a>
              {/* newest first: the first one standing is the latest note */}
              {!n.withdrawn && notes.findIndex((m) => !m.withdrawn) === i ? (
                <strong className="badge badge-valid project-move-latest">
                  {t('app.project_move.note_latest')}
                </strong>
              ) : null}
              {n.withdrawn ? (
                <strong> ({t('app.project_move.note_withdrawn')})</strong>
              ) : (
                <>
                  <label className="project-move-check">
                    <input
                      type="checkbox"
                      checked={n.show_client}
                      onChange={(e) =>
                        void changeIssuedNote(api, n.code, { show_client: e.target.checked }).then(loadNotes)
                      }
                    />{' '}
                    {t('app.project_move.show_client')}
                  </label>
                  <button
                    type="button"
                    className="button-secondary"
                    onClick={() => setAsking({ withdraw: n.code })}
                  >
                    {t('app.project_move.withdraw')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {asking ? (
        <ConfirmDialog
          message={t(
            'renew' in asking ? 'app.project_move.renew_confirm' : 'app.project_move.withdraw_confirm',
          )}
          confirm={t('renew' in asking ? 'app.project_move.renew_link' : 'app.project_move.withdraw')}
          cancel={t('app.cancel')}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            if ('renew' in asking) void renew();
            else void changeIssuedNote(api, asking.withdraw, { withdrawn: true }).then(loadNotes);
          }}
        />
      ) : null}
    </details>
  );
}
