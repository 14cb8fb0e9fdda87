import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { ProjectName } from '../../components/ProjectName';
import { UnitChoice } from '../../components/UnitSwitch';
import { useFrame } from '../../frame';
import { wizardAtoms } from '../../state/wizardAtoms';

/**
 * The wizard's title (a variant's number beside it), a quiet word while saving and once saved. Subscribes
 * to the session only: a key typed in a field leaves it alone.
 */
export function CalculatorHead({ saving }: { saving: string }) {
  const { calculator, t } = useFrame();
  const bundle = calculator.bundle;
  const atoms = wizardAtoms(bundle);
  const variant = useAtomValue(atoms.session).variant;
  return (
    <div className="page-head">
      <h1>
        {t(bundle.title)}
        {variant ? (
          <>
            {' '}
            <span className="badge badge-variant">{t('app.variants.label', { no: variant })}</span>
          </>
        ) : null}
      </h1>
      {/* in a place of its own: nothing below moves. Beside the title on a desktop; on a phone, where the
            title takes the whole width, on the project's line, at its end (app/styles.css .page-head) */}
      <p className="save-state" role="status">
        {saving}
      </p>
      <ProjectName page={t(bundle.title)} variant={false} />
    </div>
  );
}

/**
 * The choice of unit system of a calculator that has two, and the project's tools (its link and file)
 * beside it on a desktop: one line, not two, above the steps (at 1366 x 768 the Canadian spill step's first
 * choice was below the first screen). On a phone they stay one under the other (app/styles.css
 * .head-tools). Subscribes to the unit system only.
 */
export function CalculatorTools({ children }: { children: ReactNode }) {
  const { calculator, t } = useFrame();
  const atoms = wizardAtoms(calculator.bundle);
  const unitSystem = useAtomValue(atoms.unitSystem);
  const setUnits = useSetAtom(atoms.setUnits);
  const units = calculator.bundle.unitSystems;
  return (
    <div className="head-tools">
      {units.length > 1 ? <UnitChoice units={units} value={unitSystem} t={t} onChange={setUnits} /> : null}
      {children}
    </div>
  );
}
