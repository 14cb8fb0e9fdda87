import { useMemo } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import commonEn from '../../schemas/common/messages.en.json';
import commonFr from '../../schemas/common/messages.fr.json';
import { createI18n } from '../../words/i18n';
import { apiErrorText } from '../api/http';
import type { OpenLinkLoad } from '../loaders';

/**
 * /client/open/{token}: a project's secret link that could not be opened (a link that opens redirects
 * to its calculator from the route's loader, app/loaders.ts openLinkLoader): renewed since, or never made.
 */
export function OpenLinkPage() {
  const { error } = useLoaderData() as OpenLinkLoad;
  const locale = (navigator.language ?? 'fr').toLowerCase().startsWith('fr') ? 'fr' : 'en';
  const i18n = useMemo(() => createI18n({ fr: [commonFr], en: [commonEn] }, locale), [locale]);
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  return (
    <main className="page" lang={locale}>
      <h1>{t('app.project_move.title')}</h1>
      <div className="notice notice-error" role="alert">
        <p>{error?.status === 404 ? t('app.project_move.link_dead') : apiErrorText(error, t)}</p>
        <Link to="/">{t('app.home')}</Link>
      </div>
    </main>
  );
}
