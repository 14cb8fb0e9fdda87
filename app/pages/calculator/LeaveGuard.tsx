import { useStore } from 'jotai';
import { useBlocker } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useFrame } from '../../frame';
import { unsavedIn, wizardAtoms } from '../../state/wizardAtoms';

/**
 * The pages of a project that show its stored answers and say when the form differs (UnsavedChanges):
 * going there from the wizard is not leaving the project.
 */
const PROJECT_PAGES = new Set(['calculator', 'results', 'note', 'review', 'compare']);

/**
 * Leaving the project (the history, the home, another calculator) with answers the stored project does
 * not hold asks first (the browser's Back and Forward too: the steps are the router's addresses); its own
 * pages say so instead, and the wizard's steps (/calculator/:step) are not a departure. Reads the answers from the store at the moment of leaving (subscribes to nothing).
 */
export function LeaveGuard() {
  const { calc, calculator, t } = useFrame();
  const store = useStore();
  const atoms = wizardAtoms(calculator.bundle);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (currentLocation.pathname === nextLocation.pathname) return false;
    const [to, page] = nextLocation.pathname.split('/').filter(Boolean);
    return (
      !(to === calc && page && PROJECT_PAGES.has(page)) &&
      unsavedIn(store.get(atoms.form), store.get(atoms.session))
    );
  });
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      message={t('app.leave_unsaved.text')}
      confirm={t('app.leave_unsaved.leave')}
      cancel={t('app.leave_unsaved.stay')}
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    />
  );
}
