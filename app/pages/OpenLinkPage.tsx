import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import commonEn from '../../schemas/common/messages.en.json';
import commonFr from '../../schemas/common/messages.fr.json';
import { createI18n } from '../../words/i18n';
import { apiErrorText } from '../api/http';
import { openLink } from '../api/projectMove';

/**
 * /client/open/{token}: a project's secret link. The server lets this browser see the project, and the
 * project opens in its calculator; a link renewed since (or never made) says so.
 */
export function OpenLinkPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const locale = (navigator.language ?? 'fr').toLowerCase().startsWith('fr') ? 'fr' : 'en';
  const i18n = useMemo(() => createI18n({ fr: [commonFr], en: [commonEn] }, locale), [locale]);
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    void openLink(token).then((r) => {
      if (r.data)
        void navigate(`/${r.data.calc}/calculator?id=${encodeURIComponent(r.data.id)}`, { replace: true });
      else setError(r.error?.status === 404 ? t('app.project_move.link_dead') : apiErrorText(r.error, t));
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return (
    <main className="page" lang={locale}>
      <h1>{t('app.project_move.title')}</h1>
      {error ? (
        <div className="notice notice-error" role="alert">
          <p>{error}</p>
          <Link to="/">{t('app.home')}</Link>
        </div>
      ) : (
        <p aria-busy="true">{t('app.project_move.link_opening')}</p>
      )}
    </main>
  );
}
