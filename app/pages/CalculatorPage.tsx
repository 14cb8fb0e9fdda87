import { useMemo } from 'react';
import type { i18n } from 'i18next';
import { RenderCtx, Wizard, type RenderContext } from '../../renderers';
import type { Calculator } from '../calculators';
import { useWizard } from '../state/useWizard';

/** The wizard of one calculator, drawn from its bundle; the state lives in the jotai store. */
export function CalculatorPage({ calculator, i18n }: { calculator: Calculator; i18n: i18n }) {
  const w = useWizard(calculator.bundle);
  const ctx = useMemo<RenderContext>(
    () => ({
      t: (key, params) => i18n.t(key, params ?? {}),
      onEdit: w.edit,
    }),
    [i18n, w.edit],
  );
  const t = ctx.t;
  return (
    <RenderCtx.Provider value={ctx}>
      <main className="page page-calculator">
        <h1>{t(`${calculator.bundle.id}.title`)}</h1>
        <Wizard
          bundle={calculator.bundle}
          state={w.state}
          statuses={w.statuses}
          current={w.current}
          onJump={w.jump}
          onPrevious={() => w.previous()}
          onNext={() => w.next()}
          onSubmit={() => w.submit()}
          onAdd={w.add}
          onDuplicate={w.duplicate}
          onDelete={w.remove}
          onGate={w.gate}
        />
      </main>
    </RenderCtx.Provider>
  );
}
