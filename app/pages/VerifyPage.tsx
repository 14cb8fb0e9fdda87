import { useEffect, useMemo } from 'react';
import { useLoaderData, useParams, useSearchParams } from 'react-router-dom';
import commonEn from '../../schemas/common/messages.en.json';
import commonFr from '../../schemas/common/messages.fr.json';
import { dateText } from '../../words/dates';
import { createI18n } from '../../words/i18n';
import { verifyLocale, type VerifyLoad } from '../loaders';
import { apiErrorText } from '../api/http';
import { VerifyAuthor } from './verify/VerifyAuthor';
import { VerifyPdf } from './verify/VerifyPdf';
import { VerifyAnswers, VerifyComparison, VerifyNote } from './verify/VerifySections';
import './verify.css';

/**
 * The public verification page of an issued note (/client/verify/{code}, no account): the note as issued,
 * the same project calculated with today's method ("same figures", or each difference and the method
 * changes that explain it), and a place to drop the PDF to learn whether it is the issued one, byte for
 * byte (verify/VerifyPdf.tsx). Readable on a phone and inside the manufacturer's iframe (?iframe=yes).
 */
export function VerifyPage() {
  const { code = '' } = useParams();
  const [params] = useSearchParams();
  const locale = verifyLocale(params.get('lang'));
  const embedded = params.get('iframe') === 'yes';
  const i18n = useMemo(() => createI18n({ fr: [commonFr], en: [commonEn] }, locale), [locale]);
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  // the note and its verification came with the route (app/loaders.ts verifyLoader)
  const load = useLoaderData() as VerifyLoad;

  useEffect(() => {
    document.title = t('app.verify.title');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);

  let body;
  if (load.state === 'failed')
    body = (
      <div className="notice notice-error" role="alert">
        <p>
          {load.status === 404
            ? t('app.verify.unknown')
            : apiErrorText({ status: load.status }, (k, p) => i18n.t(k, p ?? {}))}
        </p>
      </div>
    );
  else if (load.v.status === 'withdrawn')
    body = (
      <div className="notice notice-error verify-withdrawn" role="alert" data-status="withdrawn">
        <p>
          {t('app.verify.withdrawn', {
            issued: dateText(load.v.issued_on, locale),
            withdrawn: dateText(load.v.withdrawn_on, locale),
          })}
        </p>
      </div>
    );
  else {
    const v = load.v;
    body = (
      <>
        {v.author ? <VerifyAuthor code={v.code} author={v.author} t={t} /> : null}
        <VerifyNote v={v} t={t} locale={locale} />
        <VerifyComparison v={v} t={t} />
        <VerifyAnswers v={v} t={t} />
      </>
    );
  }

  return (
    <main className={`page verify-page${embedded ? ' verify-embedded' : ''}`} lang={locale}>
      <h1>{t('app.verify.title')}</h1>
      <p className="verify-code">
        {t('app.verify.code')} <code>{code}</code>
      </p>
      {body}
      {load.state === 'ready' ? <VerifyPdf code={code} t={t} /> : null}
      <p className="verify-lang">
        <a
          href={`/client/verify/${encodeURIComponent(code)}?lang=${locale === 'fr' ? 'en' : 'fr'}${embedded ? '&iframe=yes' : ''}`}
          hrefLang={locale === 'fr' ? 'en' : 'fr'}
        >
          {t('app.verify.other_language')}
        </a>
      </p>
    </main>
  );
}
