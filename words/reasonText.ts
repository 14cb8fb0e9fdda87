import type { Bundle, CardState } from '../engine';

type T = (key: string, params?: Record<string, unknown>) => string;

/** What the words need of the form's state: the cards a reason names (the others may be left out). */
export interface ReasonCards {
  steps: readonly ({ cards: readonly (CardState | undefined)[] } | undefined)[];
}

const PLACE = /^steps\.(\w+)(?:\.forms\.(\d+)\.form\.(.+))?$/;

/** The step (its index in the bundle) and card a reason's field names, when it names a card. */
export function reasonCard(bundle: Bundle, field: string | undefined): { step: number; card: number } | null {
  const m = PLACE.exec(field ?? '');
  if (!m || m[2] === undefined) return null;
  const step = bundle.steps.findIndex((s) => s.key === m[1]);
  return step < 0 ? null : { step, card: Number(m[2]) };
}

/**
 * Why a project cannot be calculated, in the user's words: the reason's code (errors.calc.*) and where
 * it lies, read back through the bundle (server step and field -> the step's field label, the card's
 * title); for an answer the bundle's rules refuse, the form's own message for it. The server's English
 * text is never shown. Shared by the pages and the server (the 422 answer, the command line).
 */
export function reasonText(
  reason: {
    code?: string;
    field?: string;
    rule_message?: { key: string; params?: Record<string, unknown> } | undefined;
  },
  bundle: Bundle,
  state: ReasonCards,
  t: T,
): string {
  const m = PLACE.exec(reason.field ?? '');
  const parts: string[] = [];
  if (m) {
    const [, serverStep, index, serverField] = m;
    const stepIndex = bundle.steps.findIndex((s) => s.key === serverStep);
    const def = bundle.steps[stepIndex];
    const step = state.steps[stepIndex];
    const card = index !== undefined ? step?.cards[Number(index)] : undefined;
    if (def?.repeat && card) parts.push(t(card.title.key, card.title.params));
    else if (def && !serverField) parts.push(t(def.title));
    if (serverField && def) {
      const local =
        bundle.mapping.steps.find((s) => s.step === serverStep)?.fields.find((f) => f.server === serverField)
          ?.local ?? serverField;
      const label = card?.fields.find((f) => f.field === local)?.label;
      if (label) parts.push(t(label));
    }
  }
  const where = parts.join(' – ') || t('errors.calc.project');
  if (reason.rule_message && typeof reason.rule_message.key === 'string')
    return t('errors.calc.invalid_field', {
      where,
      message: t(reason.rule_message.key, reason.rule_message.params),
    });
  return t(`errors.calc.${reason.code ?? 'unknown'}`, { where });
}
