import { useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import commonFr from '../../schemas/common/messages.fr.json';
import { createI18n } from '../../renderers/i18n';
import { fetchConfig } from '../api/projects';
import { apiErrorText, http } from '../api/http';
import { configAtom } from '../state/appAtoms';

/**
 * The admin login: a password, then back to the page that asked for it (?next=), or the project history
 * (of the flow-limiter calculator when offered).
 */
export function LoginPage() {
  const i18n = useMemo(() => createI18n({ fr: [commonFr] }, 'fr'), []);
  const t = (k: string) => i18n.t(k);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setConfig = useSetAtom(configAtom);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back where the admin was (a path of this app only), else the first history.
  const next = params.get('next');
  const back =
    next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/login') ? next : null;
  return (
    <main className="page page-login">
      <h1>{t('app.login.title')}</h1>
      <form
        className="card card-single"
        onSubmit={(e) => {
          e.preventDefault();
          void http<{ admin: string }>('POST', '/api/auth/login', { password }).then(async (r) => {
            if (!r.data) {
              // A wrong password, or too many tries (429): each said in the user's words.
              setError(r.error?.status === 401 ? t('app.login.failed') : apiErrorText(r.error, t));
              return;
            }
            const config = (await fetchConfig()).data;
            setConfig(config);
            void navigate(
              back ??
                `/${config?.calculators.includes('sl') ? 'sl' : (config?.calculators[0] ?? 'sl')}/history`,
            );
          });
        }}
      >
        <label className="field">
          <span className="field-label">{t('app.login.password')}</span>
          <input
            className="field-input"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'login-error' : undefined}
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
