import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { useEffect, useMemo } from 'react';
import { recordOf } from '../../engine';
import { useFrame } from '../frame';
import { wizardAtoms } from '../state/wizardAtoms';

/**
 * The open project's name (the site's, as the history lists it: bundle.history.record.name) and its
 * variant's number, under a page's title, and in the browser tab's title beside `page`: with several
 * projects in the history, or in tabs, each page says whose it is. Nothing when the project has no name
 * yet. Reads the answers through a jotai selector: a key typed elsewhere than the name leaves it alone.
 */
export function ProjectName({ page, variant = true }: { page: string; variant?: boolean }) {
  const { calculator, t } = useFrame();
  const bundle = calculator.bundle;
  const atoms = wizardAtoms(bundle);
  const nameAtom = useMemo(
    () => selectAtom(atoms.form, (data) => recordOf(bundle, data, 'name')),
    [atoms, bundle],
  );
  const name = useAtomValue(nameAtom);
  const no = useAtomValue(atoms.session).variant;
  useEffect(() => {
    if (!name) return;
    const was = document.title;
    document.title = `${page} · ${name}`;
    return () => {
      document.title = was;
    };
  }, [page, name]);
  if (!name) return null;
  return (
    <p className="project-name">
      {t('app.project_name', { name })}
      {variant && no ? (
        <>
          {' '}
          <span className="badge badge-variant">{t('app.variants.label', { no })}</span>
        </>
      ) : null}
    </p>
  );
}
