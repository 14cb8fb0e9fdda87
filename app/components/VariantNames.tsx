import { useState } from 'react';
import { apiErrorText } from '../api/http';
import { variants } from '../api/projects';

/**
 * The names of a group's variants ("Base", "Toundra + Retentio"), one field each, saved when the field is
 * left (an empty field unnames it). Each name then heads its column, its history badge and its note.
 */
export function VariantNames({
  api,
  members,
  t,
  onNamed,
}: {
  api: string;
  members: { id: string; no: number; label: string | null }[];
  t: (key: string, params?: Record<string, unknown>) => string;
  onNamed: (id: string, label: string | null) => void;
}) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (m: { id: string; no: number; label: string | null }) => {
    const text = drafts[m.id];
    if (text === undefined || text.trim() === (m.label ?? '')) return;
    const r = await variants.name(api, m.id, text.trim() === '' ? null : text);
    if (r.error || !r.data) {
      setStatus({ ok: false, text: apiErrorText(r.error, t) });
      return;
    }
    onNamed(m.id, r.data.label);
    setDrafts((d) => ({ ...d, [m.id]: r.data?.label ?? '' }));
    setStatus({ ok: true, text: t('app.variants.name_saved', { no: m.no }) });
  };
  return (
    <section aria-labelledby="variant-names" className="variant-names">
      <h2 id="variant-names">{t('app.variants.names')}</h2>
      <div className="variant-names-fields">
        {members.map((m) => (
          <label key={m.id} className="field">
            <span className="field-label">{t('app.variants.name_of', { no: m.no })}</span>
            <input
              className="field-input"
              maxLength={80}
              placeholder={t('app.variants.name_placeholder')}
              value={drafts[m.id] ?? m.label ?? ''}
              onChange={(e) => setDrafts((d) => ({ ...d, [m.id]: e.target.value }))}
              onBlur={() => void save(m)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void save(m);
              }}
            />
          </label>
        ))}
      </div>
      <p role="status" className={status && !status.ok ? 'field-message' : 'quiet-status'}>
        {status?.text ?? ''}
      </p>
    </section>
  );
}
