import type { Meta } from '@storybook/react-vite';
import { FieldStory, statesOf } from '../stories/fieldStories';

const meta = { title: 'Fields/boolean', component: FieldStory } satisfies Meta<typeof FieldStory>;
export default meta;

const s = statesOf('boolean');
export const Empty = s.empty;
export const Filled = s.filled;
export const Disabled = s.disabled;
export const HiddenByRule = s.hidden;
export const Severity1 = s.needed;
export const Severity2 = s.invalid;
export const Advice = s.advice;
export const Imperial = s.imperial;
