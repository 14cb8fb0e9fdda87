import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import commonEn from '../../schemas/common/messages.en.json';
import commonFr from '../../schemas/common/messages.fr.json';
import { createI18n } from '../../words/i18n';
import { fetchConfig } from '../api/projects';
import { apiErrorText, http } from '../api/http';
import { loadCalculator } from '../calculators';
import { configAtom, lastCalculatorAtom, localeOf, userLocaleAtom } from '../state/appAtoms';

/**
 * Where a signed-in admin starts: the history of the calculator this tab showed last, when it has one;
 * else of the first calculator with a page only admins see (the one signing in unlocks), else of the
 * deployment's first calculator.
 */
async function adminStart(ids: string[], last: string | null): Promise<string> {
  const calculators = await Promise.all(ids.map((id) => loadCalculator(id)));
  const hasHistory = (c: (typeof calculators)[number]) => c.bundle.sidebar.some((e) => e.page === 'history');
  const unlocked =
    calculators.find((c) => c.bundle.id === last && hasHistory(c)) ??
    calculators.find((c) => c.bundle.sidebar.some((e) => e.admin)) ??
    calculators[0];
  return unlocked ? `/${unlocked.bundle.id}/history` : '/';
}

/**
 * The admin login: a name (`admin` filled in, the admin ADMIN_PASSWORD makes; others are made with
 * `npm run admin:create -- <name>`) and a password, then back to the page that asked for it (?next=),
 * or the projects (adminStart).
 */
export function LoginPage() {
  // in the language chosen where the deployment offers two (the Canadian modes), else French
  const locale = localeOf(useAtomValue(configAtom), useAtomValue(userLocaleAtom), ['fr', 'en']);
  const i18n = useMemo(() => createI18n({ fr: [commonFr], en: [commonEn] }, locale), [locale]);
  const t = (k: string) => i18n.t(k);
  const [name, setName] = useState('admin');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  // a refusal names neither field alone: both point at it
  const refused = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? 'login-error' : undefined,
  };
  const setConfig = useSetAtom(configAtom);
  const last = useAtomValue(lastCalculatorAtom);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back where the admin was (a path of this app only), else the first history.
  const next = params.get('next');
  const back =
    next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : null;
  return (
    <main className="page page-login" lang={locale}>
      <h1>{t('app.login.title')}</h1>
      <form
        className="card card-single"
        onSubmit={(e) => {
          e.preventDefault();
          void http<{ admin: string }>('POST', '/api/auth/login', { name: name.trim(), password }).then(
            async (r) => {
              if (!r.data) {
                // A wrong name or password, or too many tries (429): each said in the user's words.
                setError(r.error?.status === 401 ? t('app.login.failed') : apiErrorText(r.error, t));
                return;
              }
              const config = (await fetchConfig()).data;
              setConfig(config);
              void navigate(back ?? (await adminStart(config?.calculators ?? [], last)));
            },
          );
        }}
      >
        <label className="field">
          <span className="field-label">{t('app.login.name')}</span>
          <input
            className="field-input"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={100}
            value={name}
            {...refused}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field-label">{t('app.login.password')}</span>
          <input
            className="field-input"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            {...refused}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        {error ? (
          <p id="login-error" role="alert" className="field-message">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button-primary">
          {t('app.login.submit')}
        </button>
      </form>
    </main>
  );
}
