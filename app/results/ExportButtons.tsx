import { useState } from 'react';
import { evaluate, truthy } from '../../engine';
import { apiErrorText } from '../api/http';
import { useFrame } from '../frame';

/** The file name a Content-Disposition header gives (its UTF-8 form first), else `fallback`. */
function fileName(header: string | null, fallback: string): string {
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '')?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? fallback;
}

/**
 * The files the bundle's calculation exports for other tools (`results.exports`: an EPA SWMM model) that
 * it offers on `page` to this user (their `when` over {admin}): one button each, which asks the server
 * for the file of the saved project and saves it; a refusal says why in the user's words. Disabled while
 * the project has unsaved changes (the file is the saved project's).
 */
export function ExportButtons({
  page,
  id,
  disabled,
}: {
  page: 'results' | 'note';
  id: string | null;
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
    try {
      const url = `${calculator.api}/export/${format}/${encodeURIComponent(id)}?locale=${locale}`;
      const res = await fetch(url, { credentials: 'same-origin' });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { code?: string; details?: unknown };
        const { code, details } = body;
        setError(
          apiErrorText({ status: res.status, ...(code ? { code } : {}), ...(details ? { details } : {}) }, t),
        );
        return;
      }
      const link = document.createElement('a');
      link.href = URL.createObjectURL(await res.blob());
      link.download = fileName(res.headers.get('content-disposition'), format);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch {
      setError(apiErrorText({ status: 0 }, t));
    } finally {
      setBusy(null);
    }
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
