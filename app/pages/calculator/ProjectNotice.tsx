import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useNarrow } from '../../../renderers';
import { OpenProjectFile, PasteLink, ProjectMove } from '../../components/ProjectMove';
import { useFrame } from '../../frame';
import { wizardAtoms } from '../../state/wizardAtoms';

/** 'saved' is said quietly beside the title; the others are banners above the wizard. */
export type Notice = {
  kind: 'error' | 'conflict' | 'info' | 'saved' | 'lost' | 'unknown';
  text: string;
} | null;

/**
 * A banner above the wizard or the review: a failure, a conflict (read the project again, losing the
 * answers on screen, or keep them as a new project), a project out of this browser's reach (save it as a
 * new one, or open it from its file or link), an address naming a project this browser cannot reach (open
 * it from its file or link), or a word of information. A failure takes the focus (the page scrolls to it).
 * `busy` while a save is on its way. A page that saves nothing (the results of an address) gives neither
 * `onSaveAsNew` nor `onReload`: its notice offers only the ways to open a project.
 */
export function ProjectNotice({
  notice,
  onSaveAsNew,
  onOpen,
  onReload,
  busy = false,
}: {
  notice: Notice;
  onSaveAsNew?: () => void;
  onOpen: (calc: string, id: string) => void;
  onReload?: (id: string) => void;
  busy?: boolean;
}) {
  const { calc, calculator, t } = useFrame();
  const id = useAtomValue(wizardAtoms(calculator.bundle).session).project_id;
  // a failure takes the focus, so that it is seen (and read) from the button far below that met it
  const box = useRef<HTMLDivElement>(null);
  const failure = notice !== null && notice.kind !== 'info' && notice.kind !== 'saved';
  useEffect(() => {
    if (failure) box.current?.focus();
  }, [notice, failure]);
  if (!notice || notice.kind === 'saved') return null;
  return (
    <div
      ref={box}
      tabIndex={failure ? -1 : undefined}
      className={`notice notice-${notice.kind}`}
      role={notice.kind === 'info' ? 'status' : 'alert'}
    >
      <p>{notice.text}</p>
      {notice.kind === 'lost' || notice.kind === 'unknown' ? (
        <div className="project-lost">
          {notice.kind === 'lost' && onSaveAsNew ? (
            <button type="button" disabled={busy} onClick={onSaveAsNew}>
              {t('app.project_move.save_as_new')}
            </button>
          ) : null}
          <OpenProjectFile api={calculator.api} t={t} onOpened={(to) => onOpen(calc, to)} />
          <PasteLink t={t} onOpened={onOpen} />
        </div>
      ) : null}
      {notice.kind === 'conflict' && id && onReload && onSaveAsNew ? (
        <div className="notice-actions">
          <button type="button" className="button-secondary" disabled={busy} onClick={() => onReload(id)}>
            {t('app.reload')}
          </button>
          <button type="button" className="button-secondary" disabled={busy} onClick={onSaveAsNew}>
            {t('app.keep_mine_as_new')}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The project's link and file (to open it elsewhere) and the opening of a project file; hidden while the
 * project is out of reach (the notice offers its own ways).
 */
export function ProjectTools({
  lost,
  onOpen,
}: {
  lost: boolean;
  onOpen: (calc: string, id: string) => void;
}) {
  const { calc, calculator, t, locale } = useFrame();
  const id = useAtomValue(wizardAtoms(calculator.bundle).session).project_id;
  const phone = useNarrow();
  if (lost) return <div className="project-tools" />;
  const tools = (
    <div className="project-tools">
      {id ? <ProjectMove key={id} calc={calc} api={calculator.api} id={id} t={t} locale={locale} /> : null}
      <OpenProjectFile api={calculator.api} t={t} onOpened={(to) => onOpen(calc, to)} />
    </div>
  );
  // on a phone the tools fold under one line, so that the step's first field shows without scrolling
  return phone ? (
    <details className="project-tools-fold">
      <summary>{t('app.project_tools')}</summary>
      {tools}
    </details>
  ) : (
    tools
  );
}
