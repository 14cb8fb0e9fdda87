import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook: every field kind in every state, the carousel, the timeline and a bundle playground. */
const config: StorybookConfig = {
  stories: ['../renderers/**/*.stories.@(ts|tsx)', '../app/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  viteFinal: (vite) => ({ ...vite, base: './' }),
};

export default config;
