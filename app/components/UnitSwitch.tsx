import { useState } from 'react';
import type { UnitSystem } from '../../engine';
import { apiErrorText } from '../api/http';
import { useFrame } from '../frame';
import { useFrameWizard } from '../state/useWizard';

/**
 * The project's unit system where figures are read (results, note), for calculators that have two: the
 * page reads its figures in the other system at once, and the choice is saved with the project so that
 * the PDF note and the Excel file, printed by the server from the stored project, follow it. The results
 * stand (they are computed in metric whatever the display).
 */
export function UnitSwitch() {
  const { t, calculator } = useFrame();
  const w = useFrameWizard();
  const [error, setError] = useState<string | null>(null);
  const units = calculator.bundle.unitSystems;
  if (units.length < 2 || !w.session.project_id) return null;
  const change = async (u: UnitSystem) => {
    setError(null);
    const before = w.state.unitSystem;
    w.setUnits(u);
    const r = await w.save();
    if (!r.ok) {
      // the server prints the note and the workbook from the stored project: the page keeps showing
      // the units they will be in
      w.setUnits(before);
      setError(r.conflict ? t('app.conflict') : t('app.save_failed', { message: apiErrorText(r.error, t) }));
    }
  };
  return (
    <>
      <UnitChoice units={units} value={w.state.unitSystem} t={t} onChange={(u) => void change(u)} />
      {error ? (
        <p role="alert" className="notice notice-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The choice of a unit system (the wizard's, and the results' and note's switch). */
export function UnitChoice({
  units,
  value,
  t,
  onChange,
}: {
  units: UnitSystem[];
  value: UnitSystem;
  t: (key: string) => string;
  onChange: (u: UnitSystem) => void;
}) {
  return (
    <fieldset className="units">
      <legend>{t('app.units')}</legend>
      {units.map((u) => (
        <label key={u} className="field-choice">
          <input type="radio" name="unit_system" checked={value === u} onChange={() => onChange(u)} />
          {t(u === 'METRIC' ? 'app.metric' : 'app.imperial')}
        </label>
      ))}
    </fieldset>
  );
}
