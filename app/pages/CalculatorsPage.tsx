import { useAtomValue } from 'jotai';
import { Link, useLoaderData } from 'react-router-dom';
import { createI18n } from '../../words/i18n';
import { localeOfCalculator, type Calculator } from '../calculators';
import { configAtom } from '../state/appAtoms';

/**
 * The home page: one card per calculator the deployment offers (title, description, start button), their
 * bundles and messages brought by the route's loader. In admin mode without a session, where every
 * calculator asks for the login, the page says so with a sign-in link (which opens the history of the
 * calculator the tab showed last, as a sign-in with no page to return to does).
 */
export function CalculatorsPage() {
  const cards = (useLoaderData() as Calculator[]).map((calculator) => ({
    id: calculator.bundle.id,
    calculator,
  }));
  const config = useAtomValue(configAtom);
  const first = cards[0];
  if (!first) return <main className="page" aria-busy="true" />;
  const i18n = createI18n(first.calculator.messages, localeOfCalculator(first.calculator));
  return (
    <main className="page page-home">
      <h1>{i18n.t('app.home_page.title')}</h1>
      {config?.mode === 'admin' && !config.admin ? (
        <p className="lead">
          {i18n.t('app.home_page.admin_only')}{' '}
          <Link className="button-secondary" to="/login">
            {i18n.t('app.account.login')}
          </Link>
        </p>
      ) : null}
      <ul className="home-cards">
        {cards.map(({ id, calculator }) => {
          const t = createI18n(calculator.messages, localeOfCalculator(calculator)).t;
          return (
            <li key={id} className="home-card">
              <h2>{t(calculator.bundle.title)}</h2>
              <p>{t(calculator.bundle.description)}</p>
              <Link className="button-primary" to={`/${id}`}>
                {t('app.start')}
              </Link>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
