import { useAtomValue } from 'jotai';
import { useDeferredValue } from 'react';
import type { StepStatus } from '../../../engine';
import { useFrame } from '../../frame';
import { usePreview } from '../../state/usePreview';
import { wizardAtoms } from '../../state/wizardAtoms';

/**
 * Asks for the live preview's figures as the answers change (usePreview), nothing while `opening` (a
 * stored project on its way). Draws nothing: the one part of the wizard's page that reads the whole
 * state, so that a keystroke redraws this and not the page. It reads a deferred copy of the state: the
 * preview's work after an edit (comparing the answers with those it shows, over every card, and finding
 * the steps still to fill) runs in a later, interruptible render, not in the task that draws the key's
 * effect (the preview waits PREVIEW_DELAY_MS after the last edit anyway).
 */
export function PreviewRequests({ statuses, opening }: { statuses: StepStatus[]; opening: boolean }) {
  const { calculator, admin } = useFrame();
  const state = useDeferredValue(useAtomValue(wizardAtoms(calculator.bundle).state));
  usePreview(calculator, state, statuses, admin, opening);
  return null;
}
