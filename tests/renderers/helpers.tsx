import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { RenderCtx, createI18n } from '../../renderers';
import { ALL_MESSAGES } from '../../renderers/stories/messages';

const i18n = createI18n(ALL_MESSAGES, 'fr');

/** Renders inside a French (or English) render context (kept on rerender); returns the edit spy with the render result. */
export function renderWithContext(ui: ReactElement, lang: 'fr' | 'en' = 'fr') {
  const onEdit = vi.fn();
  const words = lang === 'fr' ? i18n : createI18n(ALL_MESSAGES, lang);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RenderCtx.Provider value={{ t: (k, p) => words.t(k, p ?? {}), onEdit, lang }}>
      {children}
    </RenderCtx.Provider>
  );
  return { ...render(ui, { wrapper }), onEdit };
}

/** Spies for every action a Wizard reports. */
export const wizardActions = () => ({
  onJump: vi.fn(),
  onPrevious: vi.fn(),
  onNext: vi.fn(),
  onSubmit: vi.fn(),
  onAdd: vi.fn(),
  onDuplicate: vi.fn(),
  onDelete: vi.fn(),
  onGate: vi.fn(),
});
