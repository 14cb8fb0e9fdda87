import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { StepStatus } from '../../../engine';
import type { PreviewSlots, RenderContext } from '../../../renderers';
import { PreviewCard, PreviewPanel } from '../../components/PreviewFigures';
import { useFrame } from '../../frame';
import { previewAtom, previewOn } from '../../state/usePreview';
import { wizardAtoms } from '../../state/wizardAtoms';
import { rainService } from '../../api/rain';

/**
 * What the wizard's cards are drawn with: the render context (messages once a field is left, or every
 * field of a step after Next or Submit: its status is then 2 or 3) and the live preview's slots (the
 * bundle's `preview`: the site above the cards of its step, each card's own; PreviewRequests asks for
 * its figures); and the measured rain calls of the project (its `rainSeries` field). Reads the state's
 * unit system alone: a keystroke does not draw the page again.
 */
export function useRenderContext(w: {
  statuses: StepStatus[];
  current: number;
  edit: RenderContext['onEdit'];
  session: { project_id: string | null };
  save: () => Promise<{ ok: true; id: string } | { ok: false }>;
}): { ctx: RenderContext; slots: PreviewSlots | null } {
  const { calculator, t, locale, admin } = useFrame();
  const bundle = calculator.bundle;
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const stepChecked = (w.statuses[w.current] ?? 0) >= 2;
  const preview = previewOn(bundle, admin) ? previewAtom(bundle) : null;
  const previewStep = bundle.preview?.cards?.step ?? bundle.steps[bundle.steps.length - 1]?.key;
  const system = useAtomValue(wizardAtoms(bundle).unitSystem);
  // measured rain files are kept with the project: a project not saved yet is saved first
  // (the wizard's save is a new function at each draw: the fields' context keeps one service)
  const projectId = w.session.project_id;
  const save = useRef(w.save);
  useEffect(() => {
    save.current = w.save;
  });
  const rain = useMemo(
    () =>
      rainService(
        calculator.api,
        async () => projectId ?? (await save.current().then((r) => (r.ok ? r.id : null))),
        t,
      ),
    [calculator.api, projectId, t],
  );
  const ctx = useMemo<RenderContext>(
    () => ({
      t,
      onEdit: w.edit,
      lang: locale,
      revealed: (path) => stepChecked || touched.has(path),
      onLeave: (path) => setTouched((s) => (s.has(path) ? s : new Set(s).add(path))),
      rain,
    }),
    [t, w.edit, locale, stepChecked, touched, rain],
  );
  const slots = useMemo<PreviewSlots | null>(
    () =>
      preview === null
        ? null
        : {
            step: (key) =>
              key === previewStep ? (
                <PreviewPanel preview={preview} bundle={bundle} system={system} t={t} lang={locale} />
              ) : null,
            card: (key, index) =>
              key === bundle.preview?.cards?.step ? (
                <PreviewCard
                  preview={preview}
                  bundle={bundle}
                  system={system}
                  index={index}
                  t={t}
                  lang={locale}
                />
              ) : null,
          },
    [preview, previewStep, bundle, system, t, locale],
  );
  return { ctx, slots };
}
