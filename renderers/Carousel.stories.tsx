import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { derive } from '../engine';
import { Carousel } from './Carousel';
import { BUNDLES } from './stories/bundles';

const { bundle, valid } = BUNDLES.sl!;
const roofs = (n: number) => {
  const roof = (valid.roofs as Record<string, unknown>[])[0]!;
  const state = derive(bundle, {
    ...valid,
    roofs: Array.from({ length: n }, (_, i) => ({ ...roof, name: `Toiture ${String.fromCharCode(65 + i)}` })),
  });
  return state.steps.find((s) => s.key === 'Toiture')!;
};

const meta = {
  title: 'Layout/Carousel',
  component: Carousel,
  args: { perPage: 3, addLabel: 'sl.roof.add', onAdd: fn(), onDuplicate: fn(), onDelete: fn() },
} satisfies Meta<typeof Carousel>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One roof: no Delete in its menu, the add card beside it. */
export const OneCard: Story = { args: { step: roofs(1) } };
/** Seven roofs: three per page, the last page full (roofs 5 to 7), adding offered beside the arrows. */
export const SevenCards: Story = { args: { step: roofs(7) } };
