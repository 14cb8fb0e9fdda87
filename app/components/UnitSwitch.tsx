import { useState } from 'react';
import type { UnitSystem } from '../../engine';
import { apiErrorText } from '../api/http';
import { useFrame } from '../frame';

/**
 * The project's unit system where figures are read (results, note), for calculators that have two: the
 * page reads its figures in the other system at once, and the choice is saved with the project so that
 * the PDF note and the Excel file, printed by the server from the stored project, follow it. The results
 * stand (they are computed in metric whatever the display).
 */
export function UnitSwitch() {
  const { t, wizard: w, calculator } = useFrame();
  const [error, setError] = useState<string | null>(null);
  const units = calculator.bundle.unitSystems;
  if (units.length < 2 || !w.session.project_id) return null;
  const change = async (u: UnitSystem) => {
    setError(null);
    w.setUnits(u);
    const r = await w.save();
    if (!r.ok)
      setError(r.conflict ? t('app.conflict') : t('app.save_failed', { message: apiErrorText(r.error, t) }));
  };
  return (
    <>
      <fieldset className="units">
        <legend>{t('app.units')}</legend>
        {units.map((u) => (
          <label key={u} className="field-choice">
            <input
              type="radio"
              name="unit_system"
              checked={w.state.unitSystem === u}
              onChange={() => void change(u)}
            />
            {t(u === 'METRIC' ? 'app.metric' : 'app.imperial')}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
