import type { Decorator } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { RenderCtx, type RenderContext } from '../context';
import { createI18n } from '../../words/i18n';
import { ALL_MESSAGES } from './messages';

function StoryContext({
  locale,
  onEdit,
  children,
}: {
  locale: string;
  onEdit: RenderContext['onEdit'] | undefined;
  children: ReactNode;
}) {
  const i18n = useMemo(() => createI18n(ALL_MESSAGES, locale), [locale]);
  const value = useMemo<RenderContext>(
    () => ({ t: (key, params) => i18n.t(key, params ?? {}), onEdit: onEdit ?? (() => undefined) }),
    [i18n, onEdit],
  );
  return <RenderCtx.Provider value={value}>{children}</RenderCtx.Provider>;
}

/** Wraps a story in a render context: messages in the toolbar's locale, edits logged to the Actions panel. */
export const withRenderContext: Decorator = (Story, context) => (
  <StoryContext
    locale={(context.globals.locale as string | undefined) ?? 'fr'}
    onEdit={(context.args as { onEdit?: RenderContext['onEdit'] }).onEdit}
  >
    <Story />
  </StoryContext>
);
