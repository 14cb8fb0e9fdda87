import { Link, useLoaderData } from 'react-router-dom';
import { createI18n } from '../../words/i18n';
import { localeOfCalculator, type Calculator } from '../calculators';

/**
 * The home page: one card per calculator the deployment offers (title, description, start button), their
 * bundles and messages brought by the route's loader.
 */
export function CalculatorsPage() {
  const cards = (useLoaderData() as Calculator[]).map((calculator) => ({
    id: calculator.bundle.id,
    calculator,
  }));
  const first = cards[0];
  if (!first) return <main className="page" aria-busy="true" />;
  const i18n = createI18n(first.calculator.messages, localeOfCalculator(first.calculator));
  return (
    <main className="page page-home">
      <h1>{i18n.t('app.home_page.title')}</h1>
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
