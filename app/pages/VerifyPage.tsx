import { useEffect, useMemo, useState, type DragEvent } from 'react';
import { useLoaderData, useParams, useSearchParams } from 'react-router-dom';
import commonEn from '../../schemas/common/messages.en.json';
import commonFr from '../../schemas/common/messages.fr.json';
import { dateText } from '../../words/dates';
import { createI18n } from '../../words/i18n';
import { checkPdf } from '../api/verify';
import { verifyLocale, type VerifyLoad } from '../loaders';
import { apiErrorText } from '../api/http';
import { VerifyAuthor } from './verify/VerifyAuthor';
import { VerifyAnswers, VerifyComparison, VerifyNote } from './verify/VerifySections';
import './verify.css';

type Check =
  { state: 'idle' } | { state: 'checking' } | { state: 'done'; issued: boolean } | { state: 'failed' };

/**
 * The public verification page of an issued note (/client/verify/{code}, no account): the note as issued,
 * the same project calculated with today's method ("same figures", or each difference and the method
 * changes that explain it), and a place to drop the PDF to learn whether it is the issued one, byte for
 * byte. Readable on a phone and inside the manufacturer's iframe (?iframe=yes).
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
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [over, setOver] = useState(false);

  useEffect(() => {
    document.title = t('app.verify.title');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [locale]);

  const checkFile = (file: File | undefined) => {
    if (!file) return;
    setCheck({ state: 'checking' });
    void checkPdf(code, file).then((r) =>
      setCheck(r.data ? { state: 'done', issued: r.data.issued } : { state: 'failed' }),
    );
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    checkFile(e.dataTransfer.files[0]);
  };

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
      {load.state === 'ready' ? (
        <section className="card verify-card" aria-labelledby="verify-pdf">
          <h2 id="verify-pdf">{t('app.verify.pdf_title')}</h2>
          <label
            className={`verify-drop${over ? ' verify-drop-over' : ''}`}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(true);
            }}
            onDragLeave={() => setOver(false)}
            onDrop={onDrop}
          >
            <span>{t('app.verify.pdf_drop')}</span>
            {/* the browser's own button speaks the browser's language: the page's words instead */}
            <input
              type="file"
              className="visually-hidden"
              accept="application/pdf,.pdf"
              onChange={(e) => checkFile(e.target.files?.[0])}
            />
            <span className="button-secondary file-picker-button" aria-hidden="true">
              {t('app.files.choose')}
            </span>
          </label>
          <div aria-live="polite" className="verify-pdf-answer">
            {check.state === 'checking' ? <p>{t('app.verify.pdf_checking')}</p> : null}
            {check.state === 'done' ? (
              <p
                className={`notice ${check.issued ? 'notice-success' : 'notice-error'}`}
                data-issued={check.issued ? 'yes' : 'no'}
              >
                {t(check.issued ? 'app.verify.pdf_issued' : 'app.verify.pdf_not_issued')}
              </p>
            ) : null}
            {check.state === 'failed' ? (
              <p className="notice notice-error">{t('app.verify.pdf_failed')}</p>
            ) : null}
          </div>
        </section>
      ) : null}
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
