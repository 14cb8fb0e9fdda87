import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { drawFor } from '../../renderers';
import { App, appRouter, drawApp } from '../App';
import { resetOtherCalculators } from '../CalculatorFrame';
import { loadCalculator, loadEngineBundle, localeOfCalculator } from '../calculators';
import type { ProjectLoad } from '../loaders';
import { appRoutes, BASENAME, STEP_ROUTE } from '../routes';
import { appStore, configAtom, localeOf, userLocaleAtom } from '../state/appAtoms';
import { openAsked } from '../state/openedProject';
import { setHydrating, type DrawnState } from './drawnState';

/**
 * The server's page marks its root while the app is on its way: its buttons, links, folds and file
 * choosers, which nothing would answer yet, take no click until the app has taken the page over
 * (app/styles.css); its fields take what is typed (replayTyped).
 */
const TAKING_OVER = 'data-taking-over';

/** The page drawn by the browser instead, over the server's. */
function drawnByBrowser(root: HTMLElement): void {
  root.removeAttribute(TAKING_OVER);
  drawApp(root);
}

/**
 * Takes over a wizard's page the server drew (app/ssr/entry-server.tsx): the state it was drawn from put
 * back as the routes' loaders would have made it (the configuration and the opened project in the store,
 * the calculator from the app's chunks), the matched routes' code loaded, then React draws the same page
 * over the server's markup (hydrateRoot) without running the loaders again. A page drawn in another
 * language than the one this browser chose, or whose code cannot be loaded, is drawn again by the browser.
 */
export async function takeOver(root: HTMLElement, state: DrawnState): Promise<void> {
  const routes = appRoutes(appStore);
  const chosen = appStore.get(userLocaleAtom);
  let calculator;
  try {
    [calculator] = await Promise.all([
      loadCalculator(state.calculator.id, (locales) => localeOf(state.config, chosen, locales)),
      loadEngineBundle(state.calculator.id),
      ...(matchRoutes(routes, window.location, BASENAME) ?? []).map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const loaded = await route.lazy();
        Object.assign(route, loaded);
        delete (route as RouteObject).lazy;
      }),
    ]);
  } catch {
    drawnByBrowser(root);
    return;
  }
  const asked = state.loaderData[STEP_ROUTE] as ProjectLoad | undefined;
  if (!asked || localeOfCalculator(calculator) !== state.calculator.locale) {
    drawnByBrowser(root);
    return;
  }
  appStore.set(configAtom, state.config);
  resetOtherCalculators(calculator);
  openAsked(appStore, calculator.bundle, asked);
  drawFor(state.screen);
  setHydrating(true, () => {
    root.removeAttribute(TAKING_OVER);
    replayTyped(root);
  });
  hydrateRoot(
    root,
    <StrictMode>
      <App router={appRouter(routes, { loaderData: { ...state.loaderData, calculator } })} />
    </StrictMode>,
  );
}

/**
 * What the visitor typed or chose in the server's page before the browser took it over: React keeps it on
 * screen but knows nothing of it (its `defaultValue`, `defaultChecked` and `defaultSelected` hold what it
 * drew). Each such field is told as a visitor's own edit would tell it (an input event for text, a change
 * event for a choice), so that the page's state follows what the field shows.
 */
function replayTyped(root: HTMLElement): void {
  const native = (key: 'value' | 'checked') =>
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, key)!.set!;
  for (const el of root.querySelectorAll<HTMLInputElement>('input')) {
    const box = el.type === 'checkbox' || el.type === 'radio';
    if (box ? el.checked === el.defaultChecked : el.value === el.defaultValue) continue;
    // React's record of the field becomes what it drew, then the field shows the visitor's answer again
    // (past that record): the event then carries a change, as the visitor's own did
    if (box) {
      const chosen = el.checked;
      el.checked = el.defaultChecked;
      native('checked').call(el, chosen);
      el.dispatchEvent(new Event('click', { bubbles: true }));
    } else {
      const typed = el.value;
      el.value = el.defaultValue;
      native('value').call(el, typed);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  for (const el of root.querySelectorAll('select'))
    if ([...el.options].some((o) => o.selected !== o.defaultSelected))
      el.dispatchEvent(new Event('change', { bubbles: true }));
}
