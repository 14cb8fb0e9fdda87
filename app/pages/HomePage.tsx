import { Link } from 'react-router-dom';
import { useFrame } from '../frame';

/** A calculator's home: its description and the bundle's cards (the wizard, the project history…). */
export function HomePage() {
  const { calc, calculator, t, admin } = useFrame();
  const { bundle } = calculator;
  return (
    <main className="page page-home">
      <h1>{t(bundle.title)}</h1>
      <p className="lead">{t(bundle.description)}</p>
      <ul className="home-cards">
        {bundle.home
          .filter((card) => !card.admin || admin)
          .map((card) => (
            <li key={card.page} className="home-card">
              <h2>{t(card.title)}</h2>
              <Link
                className={card.primary ? 'button-primary' : 'button-secondary'}
                to={`/${calc}/${card.page}`}
              >
                {t(card.action)}
              </Link>
            </li>
          ))}
      </ul>
    </main>
  );
}
