import { createContext, useContext } from 'react';
import type { Edit, MessageRef } from '../engine';

/** What every renderer needs from its surroundings: translation and a way to report edits. */
export interface RenderContext {
  /** translates a message key (with interpolation params) */
  t: (key: string, params?: Record<string, unknown>) => string;
  /** reports one edit (value in display units) to the engine */
  onEdit: (edit: Edit) => void;
  /** the reader's language, for numbers shown as text (1 270,5 in French); French when absent */
  lang?: string;
}

export const RenderCtx = createContext<RenderContext | null>(null);

/** The render context; throws when a renderer is used outside a provider. */
export function useRender(): RenderContext {
  const ctx = useContext(RenderCtx);
  if (!ctx) throw new Error('renderers need a RenderCtx provider (t and onEdit)');
  return ctx;
}

/** Translates a message reference. */
export function tr(t: RenderContext['t'], m: MessageRef | undefined): string {
  return m ? t(m.key, m.params) : '';
}
