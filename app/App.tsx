import { Provider } from 'jotai';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CalculatorRoute } from './CalculatorRoute';

/** Routes under /client/: each calculator's wizard; / and any unknown route go to the flow-limiter calculator. */
export function App() {
  return (
    <Provider>
      <BrowserRouter basename="/client">
        <Routes>
          <Route path="/:calc/calculator" element={<CalculatorRoute />} />
          <Route path="*" element={<Navigate to="/sl/calculator" replace />} />
        </Routes>
      </BrowserRouter>
    </Provider>
  );
}
