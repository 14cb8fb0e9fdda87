import { createContext, useContext, type ReactNode } from 'react';
import type { Edit } from '../engine';
import type { RainProblem, RainSummary, StationChoice } from '../words/rain';

/** What an upload of measured rain answered: the series, the stations to pick from, or what is wrong. */
export interface RainAnswer {
  series?: { id: string; summary: RainSummary };
  /** the file kept, whose stations are offered */
  file?: { id: string; filename: string };
  stations?: StationChoice[];
  problems?: RainProblem[];
  /** an error in the user's words (a refusal with no problem list: too large, a network failure) */
  error?: string;
}

/** Measured rain uploads for the `rainSeries` field, provided by the app (which knows the project). */
export interface RainService {
  /** `timezone`: the station's zone (IANA), in which a logger's times written in UTC are read */
  upload(files: File[], timezone?: string): Promise<RainAnswer>;
  pick(file: string, station: string): Promise<RainAnswer>;
  describe(id: string): Promise<RainSummary | null>;
}

/** What every renderer needs from its surroundings: translation and a way to report edits. */
export interface RenderContext {
  /** translates a message key (with interpolation params) */
  t: (key: string, params?: Record<string, unknown>) => string;
  /** reports one edit (value in display units) to the engine */
  onEdit: (edit: Edit) => void;
  /** the reader's language, for numbers shown as text (1 270,5 in French); French when absent */
  lang?: string;
  /**
   * Whether a field's message may be shown yet (DESIGN.md 6: an untouched field shows no error; a field
   * shows its message once left, or after Next or Submit). Absent: every message shows.
   */
  revealed?: (path: string) => boolean;
  /** reports that the user left a field (its message may show from now on) */
  onLeave?: (path: string) => void;
  /** measured rain uploads (the `rainSeries` field); absent: nothing can be uploaded here (a story) */
  rain?: RainService;
}

/**
 * What the app shows above a step's cards and in a card (the live preview), drawn by the app. A context
 * of its own: a new preview re-draws the step around the cards, not every field.
 */
export interface PreviewSlots {
  step: (stepKey: string) => ReactNode;
  card: (stepKey: string, index: number) => ReactNode;
}

export const PreviewCtx = createContext<PreviewSlots | null>(null);

export const RenderCtx = createContext<RenderContext | null>(null);

/** The render context; throws when a renderer is used outside a provider. */
export function useRender(): RenderContext {
  const ctx = useContext(RenderCtx);
  if (!ctx) throw new Error('renderers need a RenderCtx provider (t and onEdit)');
  return ctx;
}

export { tr } from '../words/i18n';
