import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { derive, emptyData } from '../engine';
import { Timeline } from './Timeline';
import { BUNDLES } from './stories/bundles';

const { bundle } = BUNDLES.sm!;
const steps = derive(bundle, emptyData(bundle)).steps;

const meta = { title: 'Layout/Timeline', component: Timeline, args: { steps, onJump: fn() } } satisfies Meta<
  typeof Timeline
>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A new project: only the first step is reachable. */
export const NewProject: Story = { args: { statuses: [0, 0, 0, 0, 0], current: 0 } };
/** Mixed: client valid, site passable but incomplete, roofs blocking, on the roofs step. */
export const Mixed: Story = { args: { statuses: [1, 2, 3, 0, 0], current: 2 } };
