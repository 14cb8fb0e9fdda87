import { createStore, Provider } from 'jotai';
import { useMemo } from 'react';
import type { Bundle, StepStatus } from '../../engine';
import type { PlaygroundStart } from '../../renderers/stories/BundlePlayground';
import { RenderCtx, useRender, Wizard } from '../../renderers';
import { useWizard } from '../state/useWizard';
import { wizardAtoms } from '../state/wizardAtoms';

/**
 * The wizard of a bundle at a step, driven by the app's own wizard atoms (app/state/wizardAtoms.ts) in a
 * jotai store of its own: an edit, Next, Previous, a card added or removed go through the same write atoms
 * as in the app. Every rule message shown; nothing is saved to a server.
 */
export function StorePlayground({ bundle, valid, step, unitSystem, start }: PlaygroundStart) {
  const store = useMemo(() => {
    const s = createStore();
    const atoms = wizardAtoms(bundle);
    s.set(atoms.load, start === 'valid' ? valid : {}, {
      statuses: bundle.steps.map(() => 1 as StepStatus),
      unit_system: bundle.unitSystems.includes(unitSystem) ? unitSystem : 'METRIC',
    });
    s.set(atoms.current, Math.min(step, bundle.steps.length - 1));
    return s;
  }, [bundle, valid, step, unitSystem, start]);
  return (
    <Provider store={store}>
      <PlaygroundWizard bundle={bundle} />
    </Provider>
  );
}

function PlaygroundWizard({ bundle }: { bundle: Bundle }) {
  const { t } = useRender();
  const w = useWizard(bundle);
  const ctx = useMemo(() => ({ t, onEdit: w.edit }), [t, w.edit]);
  return (
    <RenderCtx.Provider value={ctx}>
      <Wizard
        bundle={bundle}
        state={w.state}
        statuses={w.statuses}
        current={w.current}
        onJump={w.jump}
        onNext={() => w.next()}
        onPrevious={() => w.previous()}
        onSubmit={() => w.submit()}
        onAdd={w.add}
        onDuplicate={w.duplicate}
        onDelete={w.remove}
        onGate={w.gate}
      />
    </RenderCtx.Provider>
  );
}
