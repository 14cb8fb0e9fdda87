import { render } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { fetchConfig } from '../../app/api/projects';
import { CALCULATOR_IDS } from '../../app/calculators';
import { appRoutes, BASENAME } from '../../app/routes';
import { configAtom } from '../../app/state/appAtoms';

/**
 * The app's own routes and loaders, in memory, at `path` (inside the app's basename), with a store of their own. The pages of every
 * calculator are tested in one place (serverFetch routes each product to a server of a mode offering it):
 * the store starts with the client mode's configuration, widened to every calculator.
 */
export async function at(path: string) {
  const store = createStore();
  const config = (await fetchConfig()).data!;
  store.set(configAtom, { ...config, calculators: [...CALCULATOR_IDS] });
  // under the app's basename, as in the browser (the router's own locations then hold it)
  const router = createMemoryRouter(appRoutes(store), {
    initialEntries: [`${BASENAME}${path}`],
    basename: BASENAME,
  });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router };
}

/** Creates a project through the page's own fetch (so it belongs to this "browser"). */
export async function create(type: string, body: unknown): Promise<string> {
  const r = await fetch(`/api/${type}/project`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return ((await r.json()) as { id: string }).id;
}

/** The wizard's session of a calculator as a test leaves it (a stored project, version 1, no results). */
export function holdSession(calc: string, steps: number, id: string, more: Record<string, unknown> = {}) {
  sessionStorage.setItem(
    `${calc}_data`,
    JSON.stringify({
      project_id: id,
      version: 1,
      results: null,
      statuses: Array.from({ length: steps }, () => 1),
      unit_system: 'METRIC',
      ...more,
    }),
  );
}
