import { Text, View } from '@react-pdf/renderer';
import type { CardState, FiguresDef, StepState } from '../../engine';
import type { FigureWriter } from '../../words/figures';
import { fieldText, isShown } from '../../words/fieldText';
import { listText } from '../../words/listText';
import { s, tableBlocks, type Block } from './noteParts';

type T = (k: string, p?: Record<string, unknown>) => string;
type Reading = { w: FigureWriter; answers: FiguresDef['answers'] };

/**
 * Cards a repeated step (roofs, grounds) lists one by one in the note; with more, its answers are one table
 * (a row per card), and an abattement's months one table per figure (noteResults.tsx): a 22-roof note
 * took 26 pages, 19 of them four roofs' answers or two roofs' months a page.
 */
const MANY_CARDS = 6;

/** Whether a note lists so many cards (or roofs' results) as tables rather than one by one. */
export const asTables = (cards: number): boolean => cards > MANY_CARDS;

/** Answer columns a table holds beside the card's name; more go to a second table with the names again. */
const COLUMNS = 6;

/**
 * A step's answers in the note: every visible field of each card with its label, value and unit (in the
 * project's unit system); a repeated step of more than MANY_CARDS cards as a table, the card's title first,
 * a column per field any card shows ('–' where a card does not), in the cards' field order.
 */
export function answerBlocks(step: StepState, t: T, lang: string, reading: Reading): Block[] {
  if (step.repeat && asTables(step.cards.length)) return answerTable(step, step.cards, t, lang, reading);
  return step.cards.map((c) => {
    const shown = c.fields.filter(isShown);
    return {
      lines: shown.length * 1.4 + (step.repeat ? 2 : 0),
      node: (
        <View key={c.index} wrap={false}>
          {step.repeat ? <Text style={s.h3}>{t(c.title.key, c.title.params)}</Text> : null}
          {shown.map((f) => (
            <View key={f.path} style={s.row}>
              <Text style={s.label}>{t(f.label)}</Text>
              <Text style={s.value}>{fieldText(f, t, lang, reading)}</Text>
            </View>
          ))}
        </View>
      ),
    };
  });
}

function answerTable(step: StepState, cards: CardState[], t: T, lang: string, reading: Reading): Block[] {
  // the fields any card shows, in the order the cards show them
  const columns: { field: string; label: string }[] = [];
  const seen = new Set<string>();
  const cells = cards.map((c) => {
    const row = new Map<string, string>();
    for (const f of c.fields.filter(isShown)) {
      row.set(f.field, fieldText(f, t, lang, reading));
      if (!seen.has(f.field)) {
        seen.add(f.field);
        columns.push({ field: f.field, label: t(f.label) });
      }
    }
    return row;
  });
  const titles = cards.map((c) => t(c.title.key, c.title.params));
  const names = cards.map((c) => String(c.title.params?.name ?? ''));
  // the name a card's title already carries is not written twice
  const kept = columns.filter((col) => !cells.every((row, i) => (row.get(col.field) ?? '') === names[i]));
  const blocks: Block[] = [];
  for (let from = 0; from < kept.length; from += COLUMNS) {
    const group = kept.slice(from, from + COLUMNS);
    blocks.push(
      ...tableBlocks(
        `${step.key}-${from}`,
        ['', ...group.map((c) => c.label)],
        cells.map((row, i) => [titles[i]!, ...group.map((c) => row.get(c.field) ?? '–')]),
      ),
    );
  }
  return blocks;
}

/**
 * Where each card's water goes (a mirrored step: the spills), a sentence per card; past MANY_CARDS, a
 * sentence per destination naming the first cards that flow there and counting the others, as the
 * verdicts' lists do (22 roofs onto two gardens: two sentences, not 22, of two lines, not ten), or one
 * sentence with their count when they all go the same way (40 roofs to the sewer); the diagram above it
 * draws every card's arrow.
 */
export function spillBlocks(step: StepState, t: T): Block[] {
  const groups = new Map<string, { to: string | null; from: string[] }>();
  for (const c of step.cards) {
    const f = c.fields[0];
    const dest = f?.options?.find((o) => o.value === f.value);
    // a named surface, or the list's own first choice: the sewer
    const to = dest?.literal ? dest.label : null;
    const key = to ?? '';
    const group = groups.get(key) ?? { to, from: [] };
    group.from.push(String(c.title.params?.name ?? ''));
    groups.set(key, group);
  }
  const grouped = asTables(step.cards.length);
  return [...groups.values()].flatMap(({ to, from }, g) => {
    const count = from.length;
    // each sentence said of a named surface, or of the sewer (the list's first choice)
    const said = (named: string, sewer: string, params: Record<string, string | number>) =>
      to === null ? t(sewer, params) : t(named, { ...params, to });
    const sentences =
      grouped && groups.size === 1
        ? [said('app.note_page.spill_all', 'app.note_page.spill_sewer_all', { count })]
        : grouped && count > 1
          ? [
              said('app.note_page.spill_group', 'app.note_page.spill_sewer_group', {
                from: listText(from, t),
              }),
            ]
          : from.map((name) => said('app.note_page.spill', 'app.note_page.spill_sewer', { from: name }));
    return sentences.map((text, k) => ({
      lines: Math.ceil(text.length / 95),
      node: (
        <Text key={`${g}-${k}`} style={grouped ? { marginBottom: 4 } : {}}>
          {text}
        </Text>
      ),
    }));
  });
}
