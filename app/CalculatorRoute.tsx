import { useEffect, useState } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { createI18n } from '../renderers';
import type { i18n } from 'i18next';
import { CALCULATOR_IDS, loadCalculator, type Calculator } from './calculators';
import { CalculatorPage } from './pages/CalculatorPage';

/** /:calc/calculator — loads the calculator's bundle and messages, then shows its wizard. */
export function CalculatorRoute() {
  const { calc = '' } = useParams();
  const [loaded, setLoaded] = useState<{ id: string; calculator: Calculator; i18n: i18n } | Error | null>(
    null,
  );
  useEffect(() => {
    if (!CALCULATOR_IDS.includes(calc)) return;
    let live = true;
    loadCalculator(calc).then(
      (calculator) => {
        if (live) setLoaded({ id: calc, calculator, i18n: createI18n(calculator.messages, 'fr') });
      },
      (e: unknown) => {
        if (live) setLoaded(e instanceof Error ? e : new Error(String(e)));
      },
    );
    return () => {
      live = false;
    };
  }, [calc]);
  if (!CALCULATOR_IDS.includes(calc)) return <Navigate to="/sl/calculator" replace />;
  if (loaded instanceof Error)
    return (
      <main className="page">
        <p role="alert">{loaded.message}</p>
      </main>
    );
  if (!loaded || loaded.id !== calc)
    return (
      <main className="page" aria-busy="true">
        <p>…</p>
      </main>
    );
  return <CalculatorPage key={calc} calculator={loaded.calculator} i18n={loaded.i18n} />;
}
