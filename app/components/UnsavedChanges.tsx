import { useNavigate } from 'react-router-dom';
import { useFrame } from '../frame';
import { ProjectNotice } from '../pages/calculator/ProjectNotice';
import { useProjectSave } from '../pages/calculator/useProjectSave';
import { calculatorPath, resultsPath } from '../projectPaths';
import { useFrameWizard } from '../state/useWizard';

/**
 * Said above results and the note when the form holds answers the stored project does not (a section
 * changed, then the browser's Back without Next): the figures shown, and the PDF the server prints, are
 * the stored project's. One action saves the answers and sends the user to the results, which are
 * calculated again; nothing is saved behind the user's back (the results the note shows would be lost).
 * A save that fails says why, with its ways out (a conflict: reload, or keep the answers as a new project).
 */
export function UnsavedChanges({ id }: { id: string }) {
  const { calc, t } = useFrame();
  const w = useFrameWizard();
  const navigate = useNavigate();
  const saving = useProjectSave();
  if (!w.unsaved()) return null;
  const save = async (asNew = false) => {
    const saved = await (asNew ? saving.saveAsNew() : saving.save());
    if (saved) void navigate(resultsPath(calc, saved));
  };
  const open = (to: string, project: string) => void navigate(calculatorPath(to, project));
  return (
    <div className="notice notice-warning unsaved-notice" id={id} role="status">
      <p>{t('app.unsaved.text')}</p>
      <button type="button" className="button-primary" disabled={saving.busy} onClick={() => void save()}>
        {t('app.unsaved.action')}
      </button>
      <ProjectNotice
        notice={saving.notice}
        busy={saving.busy}
        onSaveAsNew={() => void save(true)}
        onOpen={open}
        onReload={(project) => open(calc, project)}
      />
    </div>
  );
}
