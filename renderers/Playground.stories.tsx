import type { Meta, StoryObj } from '@storybook/react-vite';
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
  type FormState,
  type StepStatus,
  type UnitSystem,
} from '../engine';
import { RenderCtx, useRender } from './context';
import { BUNDLES } from './stories/bundles';
import { Wizard } from './Wizard';

interface PlaygroundProps {
  calculator: 'sl' | 'sm' | 'smca';
  step: number;
  unitSystem: UnitSystem;
  start: 'empty' | 'valid';
}

/** Any step of any bundle, with its rules live: edits go through the engine as in the app. */
export function Playground({ calculator, step, unitSystem, start }: PlaygroundProps) {
  const { bundle, valid } = BUNDLES[calculator]!;
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

const meta = {
  title: 'Playground',
  component: Playground,
  argTypes: {
    calculator: { control: 'select', options: ['sl', 'sm', 'smca'] },
    step: { control: { type: 'number', min: 0, max: 4 } },
    unitSystem: { control: 'inline-radio', options: ['METRIC', 'IMPERIAL'] },
    start: { control: 'inline-radio', options: ['empty', 'valid'] },
  },
  args: { calculator: 'sl', step: 0, unitSystem: 'METRIC', start: 'valid' },
} satisfies Meta<typeof Playground>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FlowLimiter: Story = {};
export const FlowLimiterRoofs: Story = { args: { step: 2 } };
export const AbattementClient: Story = { args: { calculator: 'sm', step: 0 } };
export const AbattementSite: Story = { args: { calculator: 'sm', step: 1 } };
export const AbattementRoofs: Story = { args: { calculator: 'sm', step: 2 } };
export const AbattementGrounds: Story = { args: { calculator: 'sm', step: 3 } };
export const AbattementSpills: Story = { args: { calculator: 'sm', step: 4 } };
export const CanadaClient: Story = { args: { calculator: 'smca', step: 0 } };
export const CanadaSiteImperial: Story = { args: { calculator: 'smca', step: 1, unitSystem: 'IMPERIAL' } };
export const CanadaRoofsImperial: Story = { args: { calculator: 'smca', step: 2, unitSystem: 'IMPERIAL' } };
export const CanadaRoofsEnglish: Story = { args: { calculator: 'smca', step: 2 }, globals: { locale: 'en' } };
export const CanadaGrounds: Story = { args: { calculator: 'smca', step: 3, start: 'empty' } };
export const CanadaSpillsEnglish: Story = {
  args: { calculator: 'smca', step: 4 },
  globals: { locale: 'en' },
};
