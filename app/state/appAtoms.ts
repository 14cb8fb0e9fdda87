import { atom, createStore } from 'jotai';
import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { SyncStringStorage } from 'jotai/vanilla/utils/atomWithStorage';
import type { Locale } from '../../engine';
import type { AppConfig } from '../api/projects';
import { safeLocal, safeSession } from './safeStorage';

/** The app's store: its pages and the router's loaders read and write the same atoms. */
export const appStore = createStore();

/** The deployment's facts from GET /api/config (null until loaded). */
export const configAtom = atom<AppConfig | null>(null);

/**
 * The browser's localStorage for the chosen language, the choice also given to the server in a cookie of
 * the same name (written when read too: a choice made before the cookie existed): a page the server draws
 * (app/ssr) is drawn in it.
 */
const localeStorage = (): SyncStringStorage => {
  const local = safeLocal();
  const tell = (key: string, value: string | null) => {
    if (value === null || typeof document === 'undefined') return;
    let chosen: unknown;
    try {
      chosen = JSON.parse(value);
    } catch {
      return;
    }
    const cookie = `${key}=${encodeURIComponent(String(chosen))}`;
    if (!document.cookie.split('; ').includes(cookie))
      document.cookie = `${cookie}; path=/client; max-age=31536000; samesite=lax`;
  };
  return {
    getItem: (key) => {
      const value = local.getItem(key);
      tell(key, value);
      return value;
    },
    setItem: (key, value) => {
      local.setItem(key, value);
      tell(key, value);
    },
    removeItem: (key) => local.removeItem(key),
  };
};

/** The chosen language's key in localStorage, and its cookie's name (read by app/ssr/entry-server.tsx). */
export const LOCALE_KEY = 'user_locale';

/** The chosen language in the Canadian modes, kept in the browser as user_locale (default French). */
export const userLocaleAtom = atomWithStorage<Locale>(
  LOCALE_KEY,
  'fr',
  createJSONStorage<Locale>(localeStorage),
  { getOnInit: true },
);

/**
 * The calculator this tab showed last (its id), kept for the tab: an admin who signs in without a page
 * to come back to lands on that calculator's history rather than the first one's.
 */
export const lastCalculatorAtom = atomWithStorage<string | null>(
  'last_calculator',
  null,
  createJSONStorage<string | null>(() => safeSession()),
  { getOnInit: true },
);

/**
 * The interface language: the user's choice where the deployment and the calculator both offer it,
 * else French.
 */
export function localeOf(config: AppConfig | null, chosen: Locale, locales: string[]): Locale {
  return config?.locales.includes(chosen) && locales.includes(chosen) ? chosen : 'fr';
}

/**
 * Where the app opens for this deployment: the home of calculators when it offers several, else the
 * wizard of its calculator.
 */
export function defaultRoute(config: AppConfig | null): string | null {
  if (!config) return null;
  if (config.calculators.length !== 1) return '/home';
  return `/${config.calculators[0]}/calculator`;
}
