import { Provider, useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from './router';
import { fetchConfig } from './api/projects';
import { CalculatorFrame } from './CalculatorFrame';
import { Skeleton } from './components/Skeleton';
import { configAtom, defaultRoute } from './state/appAtoms';

const CalculatorPage = lazy(() =>
  import('./pages/CalculatorPage').then((m) => ({ default: m.CalculatorPage })),
);
const ResultsPage = lazy(() => import('./pages/ResultsPage').then((m) => ({ default: m.ResultsPage })));
const HistoryPage = lazy(() => import('./pages/HistoryPage').then((m) => ({ default: m.HistoryPage })));
const NotePage = lazy(() => import('./pages/NotePage').then((m) => ({ default: m.NotePage })));
const ComparePage = lazy(() => import('./pages/ComparePage').then((m) => ({ default: m.ComparePage })));
const LoginPage = lazy(() => import('./pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const CalculatorsPage = lazy(() =>
  import('./pages/CalculatorsPage').then((m) => ({ default: m.CalculatorsPage })),
);
const HomePage = lazy(() => import('./pages/HomePage').then((m) => ({ default: m.HomePage })));

function ConfigLoader() {
  const set = useSetAtom(configAtom);
  useEffect(() => {
    void fetchConfig().then((r) => set(r.data));
  }, [set]);
  return null;
}

/** / and unknown routes: the deployment's own start page, once its configuration is known. */
function DefaultRoute() {
  const to = defaultRoute(useAtomValue(configAtom));
  return to ? <Navigate to={to} replace /> : <p aria-busy="true">…</p>;
}

const later = (node: React.ReactNode) => <Suspense fallback={<Skeleton label="…" />}>{node}</Suspense>;

/**
 * Routes under /client/: each calculator's home, wizard, history, results, note and variants' comparison; / and any unknown
 * route go to the mode's start page (defaultRoute). Pages other than the wizard load on demand.
 */
export function App() {
  return (
    <Provider>
      <ConfigLoader />
      <BrowserRouter basename="/client">
        <Routes>
          <Route path="/login" element={later(<LoginPage />)} />
          <Route path="/home" element={later(<CalculatorsPage />)} />
          <Route path="/:calc" element={<CalculatorFrame page={() => later(<HomePage />)} />} />
          <Route
            path="/:calc/calculator"
            element={<CalculatorFrame page={() => later(<CalculatorPage />)} />}
          />
          <Route path="/:calc/history" element={<CalculatorFrame page={() => later(<HistoryPage />)} />} />
          <Route path="/:calc/results" element={<CalculatorFrame page={() => later(<ResultsPage />)} />} />
          <Route path="/:calc/note" element={<CalculatorFrame page={() => later(<NotePage />)} />} />
          <Route path="/:calc/compare" element={<CalculatorFrame page={() => later(<ComparePage />)} />} />
          <Route path="*" element={<DefaultRoute />} />
        </Routes>
      </BrowserRouter>
    </Provider>
  );
}
