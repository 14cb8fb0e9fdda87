import { useState } from 'react';
import { evaluate, truthy } from '../../engine';
import { downloadFile, shownQuery } from '../api/download';
import { useFrame } from '../frame';

/**
 * The files the bundle's calculation exports for other tools (`results.exports`: an EPA SWMM model) that
 * it offers on `page` to this user (their `when` over {admin}): one button each, which asks the server
 * for the file of the saved project and saves it; a refusal says why in the user's words. Disabled while
 * the project has unsaved changes (the file is the saved project's).
 */
export function ExportButtons({
  page,
  id,
  version,
  disabled,
}: {
  page: 'results' | 'note';
  id: string | null;
  /** the stored version the page shows (the server refuses a newer one with 409) */
  version: number | null;
  disabled: boolean;
}) {
  const { calculator, t, locale, admin } = useFrame();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const offered = (calculator.bundle.results.exports ?? []).filter(
    (e) => e.pages.includes(page) && (e.when === undefined || truthy(evaluate(e.when, { admin }))),
  );
  if (!offered.length || !id) return null;
  const save = async (format: string) => {
    setBusy(format);
    setError(null);
    const url = `${calculator.api}/export/${format}/${encodeURIComponent(id)}${shownQuery(locale, version)}`;
    setError(await downloadFile(url, format, t));
    setBusy(null);
  };
  return (
    <section className="export-buttons" aria-label={t('app.exports.title')}>
      {offered.map((e) => (
        <button
          key={e.format}
          type="button"
          className="button-secondary"
          disabled={disabled || busy !== null}
          onClick={() => void save(e.format)}
        >
          {busy === e.format ? t('app.exports.preparing') : t(e.label)}
        </button>
      ))}
      {error ? (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
