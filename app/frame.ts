import { createContext, useContext } from 'react';
import type { Translator } from '../words/i18n';
import type { AppConfig } from './api/projects';
import type { Calculator } from './calculators';
import type { CopyName, Locale } from '../engine';

/** What every page of a calculator gets from its frame. */
export interface Frame {
  calc: string;
  calculator: Calculator;
  i18n: Translator;
  t: (key: string, params?: Record<string, unknown>) => string;
  locale: Locale;
  config: AppConfig | null;
  admin: boolean;
  /** names a duplicated card in the user's language */
  copyName: CopyName;
}

export const FrameCtx = createContext<Frame | null>(null);

/** The current calculator's frame; pages are only rendered inside one. */
export function useFrame(): Frame {
  const f = useContext(FrameCtx);
  if (!f) throw new Error('a page must be rendered inside a CalculatorFrame');
  return f;
}
