import { Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { FiguresDef } from '../../engine';
import { figureRows, type FigureWriter } from '../../words/figures';
import { verdictTexts, type VerdictText } from '../../words/verdicts';
import { s } from './noteParts';

/**
 * What the note says of its results as its bundle declares them (figures.verdicts, figures.site),
 * written as the results page, the Excel file and the verification page write them: each verdict with
 * its status, sentence, reasons, findings, figures and rule; the key figures. Exports `declaredVerdicts`,
 * `verdictNodes` and `keyFigureNodes`.
 */
type T = (k: string, p?: Record<string, unknown>) => string;

/** The verdicts the results carry (a verdict computed before the method judged it is left out). */
export const declaredVerdicts = (def: FiguresDef, results: unknown, w: FigureWriter, t: T): VerdictText[] =>
  verdictTexts(def.verdicts, results, w, t).filter((v) => v.status !== null);

/** The lines a verdict takes in the note, roughly, to place it on a page. */
export const verdictLines = (v: VerdictText): number =>
  3 +
  [v.line, ...v.notes, ...v.findings.map((f) => f.text), v.rule].reduce(
    (x, line) => x + (line ? 1 + line.length / 95 : 0),
    0,
  ) +
  v.listed.length +
  v.entries.length;

/**
 * A verdict as the note draws it: what it judges and its status in bold, then its sentences; its rule
 * unless `brief` (the cover, whose results section gives it).
 */
export function verdictNodes(v: VerdictText, t: T, brief = false): ReactNode {
  return (
    <View key={v.key} style={{ marginBottom: 6 }}>
      <Text style={{ fontFamily: 'Helvetica-Bold' }}>
        {t('app.figures.pair', { label: v.label, value: v.words })}
      </Text>
      {v.line ? <Text>{v.line}</Text> : null}
      {v.notes.map((n) => (
        <Text key={n}>{n}</Text>
      ))}
      {v.findings.map((f, i) => (
        <Text key={i} style={s.bullet}>
          • {f.text}
        </Text>
      ))}
      {v.listed.map((f) => (
        <View key={f.key} style={s.row}>
          <Text style={s.label}>{f.label}</Text>
          <Text style={s.value}>{f.text}</Text>
        </View>
      ))}
      {v.entries.map((e, i) => (
        <Text key={`${e.name}-${i}`} style={s.bullet}>
          •{' '}
          {t('app.figures.pair', {
            label: e.label,
            value: e.rows.map((r) => `${r.label} ${r.text}`).join(' · '),
          })}
        </Text>
      ))}
      {v.rule && !brief ? <Text style={s.small}>{v.rule}</Text> : null}
    </View>
  );
}

/** The key figures (figures.site) as "label value" rows: those the note prints (no series, none hidden). */
export function keyFigureNodes(def: FiguresDef, results: unknown, w: FigureWriter, t: T): ReactNode[] {
  return figureRows(def.site, results, w, t)
    .filter((f) => !f.hidden && !f.series)
    .map((f) => (
      <View key={f.key} style={s.row}>
        <Text style={s.label}>{f.label}</Text>
        <Text style={s.value}>{f.text}</Text>
      </View>
    ));
}
