import { useAtom, useSetAtom, useStore } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useNavigate,
  useParams,
  useRevalidator,
  useSearchParams,
} from 'react-router-dom';
import { createI18n, type Translator } from '../words/i18n';
import { loadEngineBundle, localeOfCalculator, type Calculator } from './calculators';
import { ConfirmDialog } from './components/ConfirmDialog';
import { Sidebar } from './components/Sidebar';
import { FrameCtx, type Frame } from './frame';
import { http, UNAUTHORIZED } from './api/http';
import { fetchConfig } from './api/projects';
import { configAtom, lastCalculatorAtom, userLocaleAtom } from './state/appAtoms';
import { safeSession } from './state/safeStorage';
import { flushSession } from './state/sessionWrites';

/**
 * Keeps one calculator's saved wizard at a time: entering another calculator clears the previous one's
 * drafts (its bundle's storage keys, remembered when it was entered).
 */
export function resetOtherCalculators(calculator: Calculator): void {
  flushSession();
  const storage = safeSession();
  const { id, storage: keys } = calculator.bundle;
  const last = storage.getItem('calculator_type');
  if (last && last !== id) {
    const previous = (JSON.parse(storage.getItem('calculator_storage') ?? '[]') as unknown[]).filter(
      (k): k is string => typeof k === 'string',
    );
    for (const key of previous) storage.removeItem(key);
  }
  storage.setItem('calculator_type', id);
  storage.setItem('calculator_storage', JSON.stringify([keys.form, keys.data]));
}

function FrameInner({ calc, calculator }: { calc: string; calculator: Calculator }) {
  const [config, setConfig] = useAtom(configAtom);
  const setChosen = useSetAtom(userLocaleAtom);
  const setLast = useSetAtom(lastCalculatorAtom);
  useEffect(() => setLast(calc), [calc, setLast]);
  // the language the calculator's messages were loaded in (CalculatorFrame loads the chosen one)
  const locale = localeOfCalculator(calculator) === 'en' ? 'en' : 'fr';
  const i18n = useMemo<Translator>(() => createI18n(calculator.messages, locale), [calculator, locale]);
  const copyName = useCallback(
    (name: string, n: number) => i18n.t('common.copy_name', { name, count: n }),
    [i18n],
  );
  const store = useStore();
  const [confirmNew, setConfirmNew] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const location = useLocation();
  const [params] = useSearchParams();
  const embedded = params.get('iframe') === 'yes';
  const admin = config?.admin ?? false;
  const t = useMemo(() => (key: string, p?: Record<string, unknown>) => i18n.t(key, p ?? {}), [i18n]);
  const frame: Frame = { calc, calculator, i18n, t, locale, config, admin, copyName };
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  // An admin whose session ended meanwhile (a call answered 401) is offered to sign in again and come back
  // to this very page, its ?id= included; the page's answers stay where they are.
  const [ended, setEnded] = useState(false);
  useEffect(() => {
    const heard = () => setEnded(true);
    window.addEventListener(UNAUTHORIZED, heard);
    return () => window.removeEventListener(UNAUTHORIZED, heard);
  }, []);
  const here = location.pathname + location.search + location.hash;
  const signIn = `/login?next=${encodeURIComponent(here)}`;
  // The menu does not follow the answers: a key typed into a field leaves it alone.
  const sidebar = useMemo(
    () => (
      <Sidebar
        calc={calc}
        t={t}
        entries={calculator.bundle.sidebar.filter((e) => !e.admin || admin)}
        embedded={embedded}
        onNew={() => setConfirmNew(true)}
        home={(config?.calculators.length ?? 0) > 1}
        brand={config?.brand}
        account={
          config?.mode === 'admin' || admin
            ? {
                admin,
                signIn,
                onLogout: () =>
                  void http('POST', '/api/auth/logout').then(async () => {
                    setConfig((await fetchConfig()).data);
                    // admin mode: the login, which brings the admin back to the page left
                    void navigate(config?.mode === 'admin' ? signIn : `/${calc}/calculator`);
                  }),
              }
            : null
        }
      />
    ),
    [calc, t, calculator, admin, embedded, config, navigate, setConfig, signIn],
  );
  return (
    <FrameCtx.Provider value={frame}>
      <div className={`layout${embedded ? ' layout-embedded' : ''}`}>
        {sidebar}
        <div className="layout-main">
          {(config?.locales.length ?? 0) > 1 && calculator.bundle.locales.length > 1 ? (
            <header className="toolbar">
              <label>
                {t('app.language')}{' '}
                <select
                  value={locale}
                  onChange={(e) => {
                    setChosen(e.target.value === 'en' ? 'en' : 'fr');
                    // the page shown stays in its language until the messages of the one chosen are loaded
                    void revalidator.revalidate();
                  }}
                >
                  <option value="fr">{t('app.languages.fr')}</option>
                  <option value="en">{t('app.languages.en')}</option>
                </select>
              </label>
            </header>
          ) : null}
          {ended && (config?.mode === 'admin' || admin) ? (
            <p role="alert" className="notice notice-warning session-ended">
              {t('app.account.session_ended')} <Link to={signIn}>{t('app.account.login')}</Link>
            </p>
          ) : null}
          <Outlet />
        </div>
      </div>
      {confirmNew ? (
        <ConfirmDialog
          message={t('app.new_project_confirm')}
          confirm={t('app.confirm')}
          cancel={t('app.cancel')}
          onCancel={() => setConfirmNew(false)}
          onConfirm={() => {
            setConfirmNew(false);
            // the wizard's code and the engine, not needed by the home page, load when first asked
            void Promise.all([import('./state/wizardAtoms'), loadEngineBundle(calc)]).then(
              ([{ wizardAtoms }, bundle]) => {
                store.set(wizardAtoms(bundle).reset);
                void navigate(`/${calc}/calculator`);
              },
            );
          }}
        />
      ) : null}
    </FrameCtx.Provider>
  );
}

/**
 * /:calc/... — the frame of a calculator's pages (menu, language), drawn once its loader brought the
 * bundle and the messages (app/routes.tsx); the page inside it is the route's child (<Outlet>).
 */
export function CalculatorFrame() {
  const { calc = '' } = useParams();
  const calculator = useLoaderData() as Calculator;
  return <FrameInner key={calc} calc={calc} calculator={calculator} />;
}
