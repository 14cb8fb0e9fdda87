import { onDemand } from '../onDemand';

/**
 * The app's pages, each loaded on demand (the first page a visitor opens downloads only its own code), and
 * each able to be fetched ahead: the frame fetches its page with the calculator's bundle, and the wizard
 * fetches the results page while it waits on its last step.
 */
export const pages = {
  calculators: onDemand(
    () => import('./CalculatorsPage'),
    (m) => m.CalculatorsPage,
  ),
  login: onDemand(
    () => import('./LoginPage'),
    (m) => m.LoginPage,
  ),
  home: onDemand(
    () => import('./HomePage'),
    (m) => m.HomePage,
  ),
  calculator: onDemand(
    () => import('./CalculatorPage'),
    (m) => m.CalculatorPage,
  ),
  history: onDemand(
    () => import('./HistoryPage'),
    (m) => m.HistoryPage,
  ),
  review: onDemand(
    () => import('./ReviewPage'),
    (m) => m.ReviewPage,
  ),
  results: onDemand(
    () => import('./ResultsPage'),
    (m) => m.ResultsPage,
  ),
  note: onDemand(
    () => import('./NotePage'),
    (m) => m.NotePage,
  ),
  compare: onDemand(
    () => import('./ComparePage'),
    (m) => m.ComparePage,
  ),
  verify: onDemand(
    () => import('./VerifyPage'),
    (m) => m.VerifyPage,
  ),
  openLink: onDemand(
    () => import('./OpenLinkPage'),
    (m) => m.OpenLinkPage,
  ),
};
