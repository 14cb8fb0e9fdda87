import type { Preview } from '@storybook/react-vite';
import { withRenderContext } from '../renderers/stories/withRenderContext';
import '../app/styles.css';

const preview: Preview = {
  decorators: [withRenderContext],
  parameters: { layout: 'padded' },
  globalTypes: {
    locale: {
      description: 'Language of the messages',
      toolbar: { icon: 'globe', items: ['fr', 'en'], dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'fr' },
};

export default preview;
