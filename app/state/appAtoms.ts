import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { AppConfig } from '../api/projects';
import { safeLocal } from './safeStorage';

/** The deployment's facts from GET /api/config (null until loaded). */
export const configAtom = atom<AppConfig | null>(null);

/** The chosen language in the Canadian modes, kept in the browser as user_locale (default French). */
export const userLocaleAtom = atomWithStorage<'fr' | 'en'>(
  'user_locale',
  'fr',
  createJSONStorage<'fr' | 'en'>(() => safeLocal()),
  { getOnInit: true },
);

/** The interface language: French outside the Canadian modes, the user's choice inside them. */
export function localeOf(config: AppConfig | null, chosen: 'fr' | 'en', locales: string[]): 'fr' | 'en' {
  const canadian = config?.mode === 'canada' || config?.mode === 'canada_prod';
  return canadian && locales.includes(chosen) ? chosen : 'fr';
}

/**
 * Where the app opens for this deployment: the home of calculators in admin mode (it offers several),
 * else the wizard of the mode's calculator (client: the flow limiter; the Canadian modes: smca).
 */
export function defaultRoute(config: AppConfig | null): string | null {
  if (!config) return null;
  if (config.mode === 'admin') return '/home';
  return `/${config.calculators[0] ?? 'sl'}/calculator`;
}
