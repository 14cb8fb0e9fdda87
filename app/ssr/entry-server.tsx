import { createStore, Provider } from 'jotai';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { drawFor } from '../../renderers';
import type { Calculator } from '../calculators';
import { localeOfCalculator } from '../calculators';
import { BASENAME, appRoutes, STEP_ROUTE } from '../routes';
import { configAtom, LOCALE_KEY, userLocaleAtom } from '../state/appAtoms';
import { openAsked } from '../state/openedProject';
import type { ProjectLoad } from '../loaders';
import { DRAWN_STATE_ID, type DrawnState } from './drawnState';

/** A wizard's page drawn by the server: the app's markup, and what the browser needs to take it over. */
export interface DrawnPage {
  /** the markup of the app's root, for index.html's `<div id="root">` */
  html: string;
  /** the `<script type="application/json">` the browser's hydration reads (app/main.tsx) */
  state: string;
  /** the page's language */
  lang: string;
}

/** JSON inside a script element: nothing in it can close the element or start a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Draws a stored project's wizard page (/client/:calc/calculator[/:step]?id=) as the browser's first render
 * would draw it, with the same routes, loaders and store (server/ssr.ts gives the loaders the server's own
 * API, with the visitor's cookies): the step the project opens on, its fields holding the project's
 * answers. Null for any other outcome (a redirect, a loader's error, a project that cannot be read): the
 * browser then draws the page itself, as without this.
 */
export async function drawPage(request: Request): Promise<DrawnPage | null> {
  const store = createStore();
  // the language the visitor chose (kept in the browser, and in a cookie for this: app/state/appAtoms.ts)
  const chosen = new RegExp(`(?:^|;\\s*)${LOCALE_KEY}=(fr|en)(?:;|$)`).exec(
    request.headers.get('cookie') ?? '',
  );
  if (chosen) store.set(userLocaleAtom, chosen[1] as 'fr' | 'en');
  const handler = createStaticHandler(appRoutes(store), { basename: BASENAME });
  const context = await handler.query(request);
  if (context instanceof Response || context.errors) return null;
  const calculator = context.loaderData.calculator as Calculator | undefined;
  const asked = context.loaderData[STEP_ROUTE] as ProjectLoad | undefined;
  if (!calculator || !asked?.answer.data) return null;
  openAsked(store, calculator.bundle, asked);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The screen the page is drawn for, guessed from the browser's name (a phone's says "Mobi"): the
  // browser starts from the same guess, and draws its own screen's layout after if the guess was wrong.
  const screen = /Mobi/i.test(request.headers.get('user-agent') ?? '') ? 'phone' : 'wide';
  // (React draws on the server in one go: no other page is drawn between this and the end of the drawing)
  drawFor(screen);
  const html = renderToString(
    <StrictMode>
      <Provider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
  );
  // The calculator's bundle and messages are the app's own chunks, which the browser loads anyway: the
  // state names them instead of carrying them twice.
  const state: DrawnState = {
    screen,
    config: store.get(configAtom),
    calculator: { id: calculator.bundle.id, locale: localeOfCalculator(calculator) },
    loaderData: { ...context.loaderData, calculator: null },
  };
  return {
    html,
    lang: state.calculator.locale,
    state: `<script type="application/json" id="${DRAWN_STATE_ID}">${scriptJson(state)}</script>`,
  };
}
