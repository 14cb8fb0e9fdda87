import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { AppConfig } from '../api/projects';

/** The deployment's facts from GET /api/config (null until loaded). */
export const configAtom = atom<AppConfig | null>(null);

/** The chosen language in the Canadian modes, kept in the browser as user_locale (default French). */
export const userLocaleAtom = atomWithStorage<'fr' | 'en'>(
  'user_locale',
  'fr',
  createJSONStorage<'fr' | 'en'>(() => localStorage),
  { getOnInit: true },
);

/** The interface language: French outside the Canadian modes, the user's choice inside them. */
export function localeOf(config: AppConfig | null, chosen: 'fr' | 'en', locales: string[]): 'fr' | 'en' {
  const canadian = config?.mode === 'canada' || config?.mode === 'canada_prod';
  return canadian && locales.includes(chosen) ? chosen : 'fr';
}
