import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { apiErrorText } from '../api/http';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';

/**
 * Said above results and the note when the form holds answers the stored project does not (a section
 * changed, then the browser's Back without Next): the figures shown, and the PDF the server prints, are
 * the stored project's. One action saves the answers and sends the user to the results, which are
 * calculated again; nothing is saved behind the user's back (the results the note shows would be lost).
 */
export function UnsavedChanges({ id }: { id: string }) {
  const { calc, t } = useFrame();
  const w = useFrameWizard();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!w.unsaved()) return null;
  const save = async () => {
    setBusy(true);
    setError(null);
    const r = await w.save();
    setBusy(false);
    if (r.ok) void navigate(`/${calc}/results`);
    else
      setError(r.conflict ? t('app.conflict') : t('app.save_failed', { message: apiErrorText(r.error, t) }));
  };
  return (
    <div className="notice notice-warning unsaved-notice" id={id} role="status">
      <p>{t('app.unsaved.text')}</p>
      <button type="button" className="button-primary" disabled={busy} onClick={() => void save()}>
        {t('app.unsaved.action')}
      </button>
      {error ? (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
