import { Link } from 'react-router-dom';
import { useFrame } from '../frame';

/** A calculator's home: its description and two cards, the wizard and the project history. */
export function HomePage() {
  const { calc, t, admin } = useFrame();
  return (
    <main className="page page-home">
      <h1>{t(`${calc}.title`)}</h1>
      <p className="lead">{t(`${calc}.description`)}</p>
      <ul className="home-cards">
        <li className="home-card">
          <h2>{t('app.home_page.sizing')}</h2>
          <Link className="button-primary" to={`/${calc}/calculator`}>
            {t('app.start')}
          </Link>
        </li>
        {calc !== 'sl' || admin ? (
          <li className="home-card">
            <h2>{t('app.home_page.history')}</h2>
            <Link className="button-secondary" to={`/${calc}/history`}>
              {t('app.open')}
            </Link>
          </li>
        ) : null}
      </ul>
    </main>
  );
}
