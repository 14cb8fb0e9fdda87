import { useAtomValue, useSetAtom } from 'jotai';
import { ProjectName } from '../../components/ProjectName';
import { UnitChoice } from '../../components/UnitSwitch';
import { useFrame } from '../../frame';
import { wizardAtoms } from '../../state/wizardAtoms';

/**
 * The wizard's title (a variant's number beside it), a quiet word while saving and once saved, and the
 * choice of unit system of a calculator that has two. Subscribes to the session and the unit system
 * only: a key typed in a field leaves it alone.
 */
export function CalculatorHead({ saving }: { saving: string }) {
  const { calculator, t } = useFrame();
  const bundle = calculator.bundle;
  const atoms = wizardAtoms(bundle);
  const variant = useAtomValue(atoms.session).variant;
  const unitSystem = useAtomValue(atoms.unitSystem);
  const setUnits = useSetAtom(atoms.setUnits);
  const units = bundle.unitSystems;
  return (
    <>
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
      {units.length > 1 ? <UnitChoice units={units} value={unitSystem} t={t} onChange={setUnits} /> : null}
    </>
  );
}
