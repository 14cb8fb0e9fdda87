import { useAtomValue, useSetAtom } from 'jotai';
import { OpenProjectFile, PasteLink, ProjectMove } from '../../components/ProjectMove';
import { useFrame } from '../../frame';
import { wizardAtoms } from '../../state/wizardAtoms';

/** 'saved' is said quietly beside the title; the others are banners above the wizard. */
export type Notice = { kind: 'error' | 'conflict' | 'info' | 'saved' | 'lost'; text: string } | null;

/**
 * A banner above the wizard: a failure, a conflict (with a way to read the project again), a project out
 * of this browser's reach (save it as a new one, or open it from its file or link), or a word of
 * information.
 */
export function ProjectNotice({
  notice,
  onSaveAsNew,
  onOpen,
  onReload,
}: {
  notice: Notice;
  onSaveAsNew: () => void;
  onOpen: (calc: string, id: string) => void;
  onReload: (id: string) => void;
}) {
  const { calc, calculator, t } = useFrame();
  const id = useAtomValue(wizardAtoms(calculator.bundle).session).project_id;
  if (!notice || notice.kind === 'saved') return null;
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === 'info' ? 'status' : 'alert'}>
      <p>{notice.text}</p>
      {notice.kind === 'lost' ? (
        <div className="project-lost">
          <button type="button" onClick={onSaveAsNew}>
            {t('app.project_move.save_as_new')}
          </button>
          <OpenProjectFile api={calculator.api} t={t} onOpened={(to) => onOpen(calc, to)} />
          <PasteLink t={t} onOpened={onOpen} />
        </div>
      ) : null}
      {notice.kind === 'conflict' && id ? (
        <button type="button" className="button-secondary" onClick={() => onReload(id)}>
          {t('app.reload')}
        </button>
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
  if (lost) return <div className="project-tools" />;
  return (
    <div className="project-tools">
      {id ? <ProjectMove api={calculator.api} id={id} t={t} locale={locale} /> : null}
      <OpenProjectFile api={calculator.api} t={t} onOpened={(to) => onOpen(calc, to)} />
    </div>
  );
}

/** Forgets the project this browser cannot reach: the answers on screen are saved as a new one. */
export function useForgetProject(): () => void {
  const { calculator } = useFrame();
  const patch = useSetAtom(wizardAtoms(calculator.bundle).patchSession);
  return () => patch({ project_id: null, version: null, results: null, variant: null });
}
