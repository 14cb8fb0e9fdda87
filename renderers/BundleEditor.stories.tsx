import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { collectProblems, type Bundle } from '../engine';
import { BundlePlayground } from './stories/BundlePlayground';
import { BUNDLES } from './stories/bundles';

interface EditorProps {
  calculator: 'sl' | 'sm' | 'smca';
  step: number;
}

/**
 * For the product team: one step of a bundle as JSON, edited live. Each valid edit re-renders the step
 * from the edited bundle with its rule messages shown; a mistake is listed with its JSON pointer and a
 * hint, as `npm run bundles:check` prints it.
 */
export function BundleEditor({ calculator, step }: EditorProps) {
  const { bundle, valid } = BUNDLES[calculator]!;
  const index = Math.min(step, bundle.steps.length - 1);
  const [text, setText] = useState(() => JSON.stringify(bundle.steps[index], null, 2));
  const outcome = useMemo((): { bundle: Bundle } | { problems: string[] } => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (e) {
      return { problems: [`JSON: ${(e as Error).message}`] };
    }
    const edited = structuredClone(bundle) as Bundle;
    edited.steps[index] = parsed as Bundle['steps'][number];
    const problems = collectProblems(edited);
    return problems.length
      ? { problems: problems.map((p) => `${p.pointer}: ${p.reason}${p.hint ? ` — ${p.hint}` : ''}`) }
      : { bundle: edited };
  }, [bundle, index, text]);
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: 16 }}>
      <label style={{ display: 'grid', gap: 4 }}>
        <span>Step {index} JSON</span>
        <textarea
          value={text}
          spellCheck={false}
          onChange={(e) => setText(e.target.value)}
          style={{ fontFamily: 'monospace', fontSize: 12, minHeight: 600 }}
        />
      </label>
      <div>
        {'problems' in outcome ? (
          <ul role="alert" aria-label="Problems">
            {outcome.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : (
          <BundlePlayground
            key={text}
            bundle={outcome.bundle}
            valid={valid}
            step={index}
            unitSystem="METRIC"
            start="valid"
          />
        )}
      </div>
    </div>
  );
}

const meta = {
  title: 'Bundle editor',
  component: BundleEditor,
  argTypes: {
    calculator: { control: 'select', options: ['sl', 'sm', 'smca'] },
    step: { control: { type: 'number', min: 0, max: 4 } },
  },
  args: { calculator: 'sl', step: 2 },
} satisfies Meta<typeof BundleEditor>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FlowLimiterRoofs: Story = {};
export const AbattementRoofs: Story = { args: { calculator: 'sm', step: 2 } };
export const CanadaSite: Story = { args: { calculator: 'smca', step: 1 } };
