import type { Meta, StoryObj } from '@storybook/react-vite';
import type { UnitSystem } from '../engine';
import { BUNDLES } from '../renderers/stories/bundles';
import { StorePlayground } from './stories/StorePlayground';

interface PlaygroundProps {
  calculator: 'sl' | 'sm' | 'smca';
  step: number;
  unitSystem: UnitSystem;
  start: 'empty' | 'valid';
}

/**
 * Any step of any bundle, with its rules live: edits go through the app's wizard atoms (a store of the
 * story's own), and so through the engine, as in the app.
 */
export function Playground({ calculator, step, unitSystem, start }: PlaygroundProps) {
  const { bundle, valid } = BUNDLES[calculator]!;
  return <StorePlayground bundle={bundle} valid={valid} step={step} unitSystem={unitSystem} start={start} />;
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
