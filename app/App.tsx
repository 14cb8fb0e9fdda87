import { Provider } from 'jotai';
import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, type HydrationState } from 'react-router-dom';
import { appRoutes, BASENAME } from './routes';
import { setHydrating } from './ssr/drawnState';
import { appStore } from './state/appAtoms';

/**
 * React Router in data mode under /client (app/routes.tsx), its loaders filling the app's jotai store; with
 * `hydrationData`, over a page the server drew (app/main.tsx), its routes' `lazy` modules already in place.
 */
export function appRouter(routes = appRoutes(appStore), hydrationData?: HydrationState) {
  return createBrowserRouter(routes, { basename: BASENAME, ...(hydrationData ? { hydrationData } : {}) });
}

/** The first commit over a page the server drew: from then on, the app draws its pages itself. */
function Hydrated() {
  useEffect(() => setHydrating(false), []);
  return null;
}

export function App({ router }: { router: ReturnType<typeof appRouter> }) {
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
      <Hydrated />
    </Provider>
  );
}

/** The app drawn by the browser alone, in place of whatever the root holds. */
export function drawApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <App router={appRouter()} />
    </StrictMode>,
  );
}
