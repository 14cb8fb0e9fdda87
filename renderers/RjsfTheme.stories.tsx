import { getDefaultRegistry } from '@rjsf/core';
import type { RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { applyEdit, derive, type FormState } from '../engine';
import { CardForm } from './CardForm';
import { RenderCtx, tr, useRender } from './context';
import type { CardContext } from './form';
import { WIDGETS } from './registry';
import { BUNDLES } from './stories/bundles';

const core = getDefaultRegistry<unknown, RJSFSchema, CardContext>().widgets;

/**
 * rjsf's own core widgets under the names the bundles' uiSchemas give: what a manufacturer's theme
 * registers in place of ours. Every kind our registry names is a text input, but for the few rjsf has
 * a widget of its own for; a new kind needs nothing here.
 */
const CORE_WIDGETS: RegistryWidgetsType<unknown, RJSFSchema, CardContext> = {
  ...Object.fromEntries(Object.keys(WIDGETS).map((kind) => [kind, core.TextWidget!])),
  email: core.EmailWidget!,
  select: core.SelectWidget!,
  boolean: core.RadioWidget!,
};

interface ThemeProps {
  calculator: 'sl' | 'sm' | 'smca';
  step: number;
}

/**
 * One step of a calculator drawn with rjsf's core widgets and templates in place of ours: the same
 * Form per card, schema, uiSchema (titles translated), precompiled validator and engine; edits still
 * go through the engine, whose messages rjsf shows as extraErrors.
 */
export function CoreWidgetsStep({ calculator, step }: ThemeProps) {
  const { bundle, valid } = BUNDLES[calculator]!;
  const outer = useRender();
  const [state, setState] = useState<FormState>(() => derive(bundle, valid));
  const index = Math.min(step, bundle.steps.length - 1);
  const def = bundle.steps[index]!;
  const s = state.steps[index]!;
  return (
    <RenderCtx.Provider value={{ t: outer.t, onEdit: (e) => setState((x) => applyEdit(bundle, x, e)) }}>
      <section aria-label={outer.t(s.title)}>
        <h2>{outer.t(s.title)}</h2>
        {s.cards.slice(0, 1).map((card) => (
          <div key={card.index} className="card" data-theme="rjsf-core">
            <h3>{tr(outer.t, card.title).trim()}</h3>
            <CardForm
              card={card}
              def={def}
              idPrefix={`${s.key}-${card.index}`}
              widgets={CORE_WIDGETS}
              templates={{}}
              titled
            />
          </div>
        ))}
      </section>
    </RenderCtx.Provider>
  );
}

const meta = {
  title: 'rjsf theme/Core widgets',
  component: CoreWidgetsStep,
  argTypes: {
    calculator: { control: 'select', options: ['sl', 'sm', 'smca'] },
    step: { control: { type: 'number', min: 0, max: 4 } },
  },
  args: { calculator: 'sl', step: 2 },
} satisfies Meta<typeof CoreWidgetsStep>;
export default meta;
type Story = StoryObj<typeof meta>;

/** sl's first roof, by rjsf's core widgets. */
export const FlowLimiterRoof: Story = {};
/** sm's site, by rjsf's core widgets. */
export const AbattementSite: Story = { args: { calculator: 'sm', step: 1 } };
/** smca's first roof, by rjsf's core widgets. */
export const CanadaRoof: Story = { args: { calculator: 'smca', step: 2 } };
