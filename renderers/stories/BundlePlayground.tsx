import { useState } from 'react';
import {
  addCard,
  applyEdit,
  deleteCard,
  derive,
  duplicateCard,
  next,
  previous,
  setGate,
  submit,
  type Bundle,
  type FormState,
  type StepStatus,
  type UnitSystem,
} from '../../engine';
import { RenderCtx, useRender } from '../context';
import { Wizard } from '../Wizard';

/** Where a playground starts: a bundle at a step, empty or with its valid answers, in a unit system. */
export interface PlaygroundStart {
  bundle: Bundle;
  valid: Record<string, unknown>;
  step: number;
  unitSystem: UnitSystem;
  start: 'empty' | 'valid';
}

/**
 * The wizard of a given bundle at a step, every rule message shown, in state of its own: the bundle
 * editor's bundle changes at every edit, where the app's wizard atoms are made once per bundle id (the
 * Playground story, app/Playground.stories.tsx, drives those).
 */
export function BundlePlayground({ bundle, valid, step, unitSystem, start }: PlaygroundStart) {
  const outer = useRender();
  const [state, setState] = useState<FormState>(() =>
    derive(bundle, start === 'valid' ? valid : {}, {
      unitSystem: bundle.unitSystems.includes(unitSystem) ? unitSystem : 'METRIC',
    }),
  );
  const [statuses, setStatuses] = useState<StepStatus[]>(() => bundle.steps.map(() => 1 as StepStatus));
  const [current, setCurrent] = useState(Math.min(step, bundle.steps.length - 1));
  return (
    <RenderCtx.Provider value={{ t: outer.t, onEdit: (e) => setState((s) => applyEdit(bundle, s, e)) }}>
      <Wizard
        bundle={bundle}
        state={state}
        statuses={statuses}
        current={current}
        onJump={setCurrent}
        onNext={() => {
          const r = next(state, statuses, current);
          setStatuses(r.statuses);
          setCurrent(r.current);
        }}
        onPrevious={() => {
          const r = previous(state, statuses, current);
          setStatuses(r.statuses);
          setCurrent(r.current);
        }}
        onSubmit={() => setStatuses(submit(state).statuses)}
        onAdd={(k) => setState((s) => addCard(bundle, s, k))}
        onDuplicate={(k, i) => setState((s) => duplicateCard(bundle, s, k, i))}
        onDelete={(k, i) => setState((s) => deleteCard(bundle, s, k, i))}
        onGate={(k, open) => setState((s) => setGate(bundle, s, k, open))}
      />
    </RenderCtx.Provider>
  );
}
