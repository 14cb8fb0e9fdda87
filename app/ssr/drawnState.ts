import type { AppConfig } from '../api/projects';

/** The id of the script element holding a server-drawn page's state (app/ssr/entry-server.tsx). */
export const DRAWN_STATE_ID = 'drawn-state';

/**
 * What a page drawn by the server hands the browser, which draws the same page again over it (hydration,
 * app/main.tsx): the deployment's configuration, the calculator (named: its bundle and messages are the
 * app's own chunks) and the routes' loader data, the calculator's left out.
 */
export interface DrawnState {
  /** the screen the page was drawn for (renderers/useNarrow.ts drawFor) */
  screen: 'phone' | 'wide';
  config: AppConfig | null;
  calculator: { id: string; locale: string };
  loaderData: Record<string, unknown>;
}

let hydrating = false;
let onHydrated: (() => void) | null = null;

/** Whether the app is taking over a page the server drew, until its first commit (app/App.tsx). */
export const isHydrating = (): boolean => import.meta.env.SSR || hydrating;

/** The app takes over a page the server drew (`then`: once it has, app/ssr/takeOver.tsx), or has. */
export function setHydrating(on: boolean, then?: () => void): void {
  hydrating = on;
  if (on) onHydrated = then ?? null;
  else {
    const done = onHydrated;
    onHydrated = null;
    done?.();
  }
}
