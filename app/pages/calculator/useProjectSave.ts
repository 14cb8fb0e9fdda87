import { useState } from 'react';
import type { StepStatus } from '../../../engine';
import { apiErrorText } from '../../api/http';
import { useFrame } from '../../frame';
import { useFrameWizardActions, type SaveOutcome } from '../../state/useWizard';
import type { Notice } from './ProjectNotice';

/**
 * What a failed save says: a conflict (the project changed elsewhere since it was opened), a project out
 * of this browser's reach (404: cookies cleared, another computer, deleted), or the failure in the user's
 * words. Each kind comes with its ways out (ProjectNotice).
 */
export function saveFailure(
  r: Extract<SaveOutcome, { ok: false }>,
  t: (key: string, params?: Record<string, unknown>) => string,
): Notice {
  if (r.conflict) return { kind: 'conflict', text: t('app.conflict') };
  if (r.error?.status === 404) return { kind: 'lost', text: t('app.project_move.lost') };
  return { kind: 'error', text: t('app.save_failed', { message: apiErrorText(r.error, t) }) };
}

/**
 * Saving the wizard's answers from a page: `save` (with the steps' statuses when given) says how it went
 * in `notice` and answers the project's id when it went through (null when not); `saveAsNew` keeps the answers on screen as a new
 * project (after a conflict, or a project out of reach), the stored one left as it is. `busy` meanwhile.
 */
export function useProjectSave(initial: Notice = null) {
  const { t } = useFrame();
  const w = useFrameWizardActions();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(initial);
  const store = async (statuses: StepStatus[] | undefined, asNew: boolean): Promise<string | null> => {
    setBusy(true);
    const r = await w.save(statuses, { asNew });
    setBusy(false);
    setNotice(
      r.ok ? { kind: 'saved', text: t(asNew ? 'app.saved_as_new' : 'app.saved') } : saveFailure(r, t),
    );
    return r.ok ? r.id : null;
  };
  const save = (statuses?: StepStatus[]) => store(statuses, false);
  const saveAsNew = (statuses?: StepStatus[]) => store(statuses, true);
  return { busy, notice, setNotice, save, saveAsNew };
}
