import {
  Outlet,
  redirect,
  ScrollRestoration,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router-dom';
import { CALCULATOR_IDS, loadCalculator, loadEngineBundle, preloadCalculator } from './calculators';
import { CalculatorFrame, resetOtherCalculators } from './CalculatorFrame';
import { LoadFailure, NavigationPending, PageLoading } from './components/LoadFailure';
import {
  BASENAME,
  configOf,
  inside,
  issuedNotesLoader,
  openLinkLoader,
  projectLoader,
  verifyLoader,
  type Store,
} from './loaders';
import { defaultRoute, localeOf, userLocaleAtom } from './state/appAtoms';

export { BASENAME };

/** The id of the wizard's step route, whose loader brings the stored project (app/ssr reads its data). */
export const STEP_ROUTE = 'wizard-step';

/** / and unknown pages: the deployment's start page (defaultRoute); a failed configuration says so. */
async function toStart(store: Store): Promise<Response> {
  const to = defaultRoute(await configOf(store));
  if (!to) throw new Error('the configuration could not be loaded');
  return redirect(to);
}

/**
 * /:calc: the calculator's bundle and messages, in the language chosen, loaded beside the page's code and
 * data (React Router runs every matched loader and lazy route at once). A calculator this deployment does
 * not offer sends to its start page; in admin mode without a session, to the login, which brings the admin
 * back here.
 */
async function calculatorLoader(store: Store, calc: string, url: string) {
  // What needs nothing of the configuration starts beside it: the bundle, and the messages of a calculator
  // that speaks one language; a redirect below leaves them in the cache.
  if (CALCULATOR_IDS.includes(calc)) preloadCalculator(calc);
  const config = await configOf(store);
  if (config && !config.calculators.includes(calc)) throw redirect(defaultRoute(config) ?? '/home');
  if (!CALCULATOR_IDS.includes(calc)) throw redirect(defaultRoute(config) ?? '/');
  if (config?.mode === 'admin' && !config.admin)
    throw redirect(`/login?next=${encodeURIComponent(inside(url))}`);
  const chosen = store.get(userLocaleAtom);
  const calculator = await loadCalculator(calc, (locales) => localeOf(config, chosen, locales));
  resetOtherCalculators(calculator);
  return calculator;
}

/** The root: the configuration, then the page; the scroll restored on Back and Forward. */
function Root() {
  return (
    <>
      <NavigationPending />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

const failed = <LoadFailure />;
const waiting = <PageLoading />;

type PageLoaders = typeof import('./pageLoaders');
type CalcLoader = (store: Store, calc: string, request: Request) => Promise<unknown>;

/**
 * The loader of a calculator's page, from app/pageLoaders.ts: React Router loads its code beside the
 * page's (a lazy object's `loader` and `Component`), so the routes' module, in the app's first chunk,
 * carries neither it nor the engine it uses. A route without such a loader keeps a lazy function: React
 * Router 7.18 waits for a lazy object's `Component`, and shows the errorElement when it fails to
 * download, only beside a `loader`.
 */
const calcLoader = (store: Store, pick: (m: PageLoaders) => CalcLoader) => async () => {
  const load = pick(await import('./pageLoaders'));
  return ({ params, request }: LoaderFunctionArgs) => load(store, params.calc ?? '', request);
};

/**
 * The app's routes under /client: the login, the home of calculators, and each calculator's home, wizard
 * (a step per address), history, review, results, the confirmation of a project sent, note and variants'
 * comparison (each page's code its own chunk, loaded when first visited); / and any unknown page go to
 * the deployment's start page. `store` is the jotai store the app's atoms live in (the loaders read and
 * fill it).
 */
export function appRoutes(store: Store): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Root />,
      errorElement: failed,
      hydrateFallbackElement: waiting,
      loader: async () => {
        await configOf(store);
        return null;
      },
      children: [
        // a redirect: its element is the loading state, never seen (React Router warns of a leaf without one)
        { index: true, loader: () => toStart(store), element: waiting },
        {
          path: 'login',
          lazy: () => import('./pages/LoginPage').then((m) => ({ Component: m.LoginPage })),
        },
        // issue 30: the public verification page of an issued note, and a project opened by its link
        {
          path: 'verify/:code',
          loader: ({ params, request }) => verifyLoader(params.code ?? '', request),
          lazy: () => import('./pages/VerifyPage').then((m) => ({ Component: m.VerifyPage })),
        },
        {
          path: 'open/:token',
          loader: ({ params, request }) => openLinkLoader(params.token ?? '', request),
          lazy: () => import('./pages/OpenLinkPage').then((m) => ({ Component: m.OpenLinkPage })),
        },
        // the notes issued from a project, for the project's tools (a fetcher's; no page)
        {
          path: 'issued-notes/:calc/:id',
          loader: ({ params, request }) => issuedNotesLoader(params.calc ?? '', params.id ?? '', request),
        },
        {
          path: 'home',
          lazy: () => import('./pages/CalculatorsPage').then((m) => ({ Component: m.CalculatorsPage })),
          loader: async () => {
            const config = await configOf(store);
            const chosen = store.get(userLocaleAtom);
            return Promise.all(
              (config?.calculators ?? []).map((id) =>
                loadCalculator(id, (locales) => localeOf(config, chosen, locales)),
              ),
            );
          },
        },
        {
          path: ':calc',
          id: 'calculator',
          element: <CalculatorFrame />,
          errorElement: failed,
          loader: ({ params, request }) => calculatorLoader(store, params.calc ?? '', request.url),
          children: [
            {
              errorElement: failed,
              children: [
                {
                  index: true,
                  lazy: () => import('./pages/HomePage').then((m) => ({ Component: m.HomePage })),
                },
                {
                  // the wizard's pages: the engine and the bundle's validators, which the home page does
                  // without, loaded beside each page's code and data
                  loader: async ({ params }) => {
                    if (CALCULATOR_IDS.includes(params.calc ?? '')) await loadEngineBundle(params.calc ?? '');
                    return null;
                  },
                  // once per calculator (its promise is kept: asking again costs nothing)
                  shouldRevalidate: ({ currentParams, nextParams }) => currentParams.calc !== nextParams.calc,
                  children: [
                    {
                      // each step its address (/sm/calculator/3): the browser's Back and Forward, and
                      // React Router's blocker, see every move between steps
                      path: 'calculator/:step?',
                      id: STEP_ROUTE,
                      lazy: () =>
                        import('./pages/CalculatorPage').then((m) => ({ Component: m.CalculatorPage })),
                      loader: ({ params, request }) => projectLoader(params.calc ?? '', request),
                      // the stored project is fetched again only for another ?id= (not from step to step)
                      shouldRevalidate: ({ currentUrl, nextUrl }) =>
                        currentUrl.searchParams.get('id') !== nextUrl.searchParams.get('id'),
                    },
                    {
                      path: 'history',
                      lazy: {
                        Component: () => import('./pages/HistoryPage').then((m) => m.HistoryPage),
                        loader: calcLoader(store, (m) => m.historyLoader),
                      },
                    },
                    {
                      path: 'review',
                      lazy: {
                        Component: () => import('./pages/ReviewPage').then((m) => m.ReviewPage),
                        loader: calcLoader(store, (m) => m.reviewLoader),
                      },
                    },
                    {
                      path: 'results',
                      lazy: {
                        Component: () => import('./pages/ResultsPage').then((m) => m.ResultsPage),
                        loader: calcLoader(store, (m) => m.resultsLoader),
                      },
                    },
                    {
                      // the thank-you page of a project sent to the sales team: its own address, which a
                      // reload keeps (the wizard is reset by then)
                      path: 'confirm',
                      lazy: {
                        Component: () => import('./pages/ConfirmPage').then((m) => m.ConfirmPage),
                        loader: calcLoader(store, (m) => m.confirmLoader),
                      },
                    },
                    {
                      path: 'note',
                      lazy: {
                        Component: () => import('./pages/NotePage').then((m) => m.NotePage),
                        loader: calcLoader(store, (m) => m.noteLoader),
                      },
                    },
                    {
                      path: 'compare',
                      lazy: {
                        Component: () => import('./pages/ComparePage').then((m) => m.ComparePage),
                        loader: calcLoader(store, (m) => m.compareLoader),
                      },
                    },
                  ],
                },
                { path: '*', loader: () => toStart(store), element: waiting },
              ],
            },
          ],
        },
        { path: '*', loader: () => toStart(store), element: waiting },
      ],
    },
  ];
}
