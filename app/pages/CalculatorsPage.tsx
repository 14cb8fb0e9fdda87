import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Link } from '../router';
import { createI18n } from '../../words/i18n';
import { loadCalculator, localeOfCalculator, type Calculator } from '../calculators';
import { configAtom, localeOf, userLocaleAtom } from '../state/appAtoms';

/** The home page: one card per calculator the deployment offers (title, description, start button). */
export function CalculatorsPage() {
  const config = useAtomValue(configAtom);
  const chosen = useAtomValue(userLocaleAtom);
  const [cards, setCards] = useState<{ id: string; calculator: Calculator }[]>([]);
  const ids = useMemo(() => config?.calculators ?? [], [config]);
  useEffect(() => {
    const pick = (locales: string[]) => localeOf(config, chosen, locales);
    void Promise.all(ids.map(async (id) => ({ id, calculator: await loadCalculator(id, pick) }))).then(
      setCards,
    );
  }, [ids, config, chosen]);
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
