import { useAtomValue } from 'jotai';
import type { StepStatus } from '../../../engine';
import { useFrame } from '../../frame';
import { usePreview } from '../../state/usePreview';
import { wizardAtoms } from '../../state/wizardAtoms';

/**
 * Asks for the live preview's figures as the answers change (usePreview), nothing while `opening` (a
 * stored project on its way). Draws nothing: the one part of the wizard's page that reads the whole
 * state, so that a keystroke redraws this and not the page.
 */
export function PreviewRequests({ statuses, opening }: { statuses: StepStatus[]; opening: boolean }) {
  const { calculator, admin } = useFrame();
  const state = useAtomValue(wizardAtoms(calculator.bundle).state);
  usePreview(calculator, state, statuses, admin, opening);
  return null;
}
