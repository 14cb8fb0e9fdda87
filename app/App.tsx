import { Provider, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from './router';
import { fetchConfig } from './api/projects';
import { CalculatorFrame } from './CalculatorFrame';
import { LoadFailure } from './components/LoadFailure';
import { OnDemandPage } from './onDemand';
import { configAtom, defaultRoute } from './state/appAtoms';
import { pages } from './pages';

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

/**
 * Routes under /client/: each calculator's home, wizard, history, results, note and variants' comparison; / and any unknown
 * route go to the mode's start page (defaultRoute). Every page loads on demand (app/pages/index.ts).
 */
export function App() {
  return (
    <Provider>
      <ConfigLoader />
      <BrowserRouter basename="/client">
        <Routes>
          <Route path="/login" element={<OnDemandPage page={pages.login} failed={<LoadFailure />} />} />
          <Route
            path="/verify/:code"
            element={<OnDemandPage page={pages.verify} failed={<LoadFailure />} />}
          />
          <Route
            path="/open/:token"
            element={<OnDemandPage page={pages.openLink} failed={<LoadFailure />} />}
          />
          <Route path="/home" element={<OnDemandPage page={pages.calculators} failed={<LoadFailure />} />} />
          <Route path="/:calc" element={<CalculatorFrame page={pages.home} />} />
          <Route path="/:calc/calculator" element={<CalculatorFrame page={pages.calculator} />} />
          <Route path="/:calc/history" element={<CalculatorFrame page={pages.history} />} />
          <Route path="/:calc/review" element={<CalculatorFrame page={pages.review} />} />
          <Route path="/:calc/results" element={<CalculatorFrame page={pages.results} />} />
          <Route path="/:calc/note" element={<CalculatorFrame page={pages.note} />} />
          <Route path="/:calc/compare" element={<CalculatorFrame page={pages.compare} />} />
          <Route path="*" element={<DefaultRoute />} />
        </Routes>
      </BrowserRouter>
    </Provider>
  );
}
