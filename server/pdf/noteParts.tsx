import {
  G,
  Image,
  Line,
  Path,
  Rect,
  StyleSheet,
  Svg,
  Text,
  Text as SvgText,
  View,
} from '@react-pdf/renderer';
import { spillLayout, type DiagramNode, type StepDef, type StepState } from '../../engine';
import { Fragment, type ReactNode } from 'react';
import { numberText } from '../../words/numberText';
import { distinctLabels } from '../../words/shortLabel';
import { NOTE_IMAGE_BOX_PT } from '../../engine';

/**
 * The note's styles: one place for its type scale and colours. An image takes the text's width and at
 * most NOTE_IMAGE_BOX_PT.height (fitImage.ts brings it to those pixels).
 */
export const s = StyleSheet.create({
  // No lineHeight on the page: a `render` text (the page number) under one is measured empty and never
  // drawn.
  page: {
    paddingTop: 54,
    paddingBottom: 48,
    paddingHorizontal: 40,
    fontSize: 10,
    fontFamily: 'Helvetica',
    color: '#1c2733',
  },
  header: {
    position: 'absolute',
    top: 20,
    left: 40,
    right: 40,
    fontSize: 8,
    color: '#5f6b7a',
    borderBottom: '0.5pt solid #ccd5df',
    paddingBottom: 4,
  },
  footerLeft: { position: 'absolute', bottom: 22, left: 40, fontSize: 8, color: '#5f6b7a' },
  footerRight: {
    position: 'absolute',
    bottom: 22,
    left: 40,
    right: 40,
    fontSize: 8,
    color: '#5f6b7a',
    textAlign: 'right',
  },
  verifyBox: { marginTop: 24, flexDirection: 'row', alignItems: 'center' },
  verifyQr: { width: 96, height: 96, marginRight: 12 },
  verifyText: { flex: 1, fontSize: 9, color: '#1c2733', lineHeight: 1.4 },
  coverProduct: { fontSize: 12, color: '#5f6b7a', marginTop: 40 },
  coverTitle: { fontSize: 26, color: '#0b5394', marginTop: 6, marginBottom: 10, lineHeight: 1.2 },
  coverProject: { fontSize: 16, marginBottom: 24, lineHeight: 1.3 },
  coverVariant: { fontSize: 12, marginTop: -18, marginBottom: 24, color: '#5f6b7a' },
  verdict: { marginTop: 14, padding: 10, backgroundColor: '#e7f0fa', borderLeft: '3pt solid #0b5394' },
  h1: { fontSize: 18, marginBottom: 4, color: '#0b5394' },
  h2: { fontSize: 13, marginTop: 12, marginBottom: 6, color: '#0b5394' },
  h3: { fontSize: 11, marginTop: 8, marginBottom: 3, fontFamily: 'Helvetica-Bold' },
  p: { marginBottom: 6, textAlign: 'justify' },
  // never shrunk to fit: a row too tall for the page's rest moves on with its block
  row: { flexDirection: 'row', borderBottom: '0.5pt solid #ccd5df', paddingVertical: 2, flexShrink: 0 },
  // a gap between a label and its value: a long label wraps before it reaches the value's column
  label: { width: '45%', paddingRight: 10, color: '#5f6b7a' },
  value: { width: '55%' },
  // a gap between columns, so that wrapped headings never run into the next one
  cell: { flex: 1, fontSize: 8, paddingRight: 5 },
  firstCell: { flex: 2, fontSize: 8, paddingRight: 5 },
  head: { flex: 1, fontSize: 8, fontFamily: 'Helvetica-Bold', paddingRight: 5 },
  firstHead: { flex: 2, fontSize: 8, fontFamily: 'Helvetica-Bold', paddingRight: 5 },
  info: { marginTop: 4, padding: 6, backgroundColor: '#e7f0fa' },
  image: { marginTop: 6, maxHeight: NOTE_IMAGE_BOX_PT.height, objectFit: 'contain' },
  small: { fontSize: 8, color: '#5f6b7a' },
  bullet: { marginLeft: 10, marginBottom: 2 },
});

/** A block of the note and the lines of 10 pt text it is expected to take, for paging. */
export type Block = { node: ReactNode; lines: number };

/** Rows of a table per block at most: a block never breaks, and react-pdf lays each out once. */
const ROWS_PER_BLOCK = 24;
/** A block's rows take at most this many lines of 10 pt text, so that a block always fits on a page. */
const BLOCK_LINES = 40;
/** The page's text width (A4, 40 pt margins), and a cell's 8 pt characters' width at the most. */
const TEXT_WIDTH_PT = 515;
const CHAR_PT = 4.4;

/**
 * The lines of 10 pt text a row takes: one line of 8 pt text is 1.5 with its padding and rule, each
 * more line of a cell that wraps (a long roof name, "319,539 US gal") 0.65 more.
 */
function rowLines(row: string[]): number {
  const unit = TEXT_WIDTH_PT / (row.length + 1);
  const wrapped = row.map((c, j) => Math.ceil((c.length * CHAR_PT) / ((j === 0 ? 2 * unit : unit) - 5)));
  return 1.5 + 0.65 * (Math.max(1, ...wrapped) - 1);
}

/**
 * A table as blocks of at most 24 rows and 40 lines, each repeating the header, so that a table of 200
 * roofs pages cleanly and costs linear time, and rows of long names never run into each other. The first
 * column is wider (names).
 */
export function tableBlocks(
  key: string,
  head: string[],
  rows: string[][],
  caption?: string,
  /** a sentence under the caption, kept with the table */
  intro?: string,
): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < Math.max(rows.length, 1);) {
    let end = i;
    let height = 0;
    while (end < rows.length && end - i < ROWS_PER_BLOCK) {
      const h = rowLines(rows[end]!);
      if (end > i && height + h > BLOCK_LINES) break;
      height += h;
      end += 1;
    }
    const slice = rows.slice(i, end);
    blocks.push({
      lines:
        height +
        rowLines(head) +
        0.5 +
        (caption && i === 0 ? 2.5 : 0) +
        (intro && i === 0 ? 1 + intro.length / 95 : 0),
      node: (
        <View key={`${key}-${i}`} wrap={false} style={{ marginTop: 4 }}>
          {caption && i === 0 ? <Text style={s.h3}>{caption}</Text> : null}
          {intro && i === 0 ? <Text style={s.p}>{intro}</Text> : null}
          <View style={s.row}>
            {head.map((h, j) => (
              <Text key={j} style={j === 0 ? s.firstHead : s.head}>
                {h}
              </Text>
            ))}
          </View>
          {slice.map((r, n) => (
            <View key={n} style={s.row}>
              {r.map((c, j) => (
                <Text key={j} style={j === 0 ? s.firstCell : s.cell}>
                  {c}
                </Text>
              ))}
            </View>
          ))}
        </View>
      ),
    });
    i = Math.max(end, i + 1);
  }
  return blocks;
}

/** Monthly bars (0-100 %) with the seed's line (the mean of the months), drawn as vectors. */
export function Bars({ values, average }: { values: number[]; average: number }) {
  const w = 480;
  const h = 110;
  const bw = w / 12 - 6;
  const y = (v: number) => h - (Math.max(0, Math.min(100, v)) / 100) * h;
  return (
    <Svg width={w} height={h + 4}>
      {values.map((v, i) => (
        <Rect key={i} x={i * (w / 12) + 3} y={y(v)} width={bw} height={h - y(v)} fill="#1f6fb2" />
      ))}
      <Line x1={0} y1={y(average)} x2={w} y2={y(average)} stroke="#333333" strokeWidth={1} />
    </Svg>
  );
}

/** One section's free text and attachment (an image as a data URL), as the note page sends them. */
export interface NoteEntry {
  text: string | null;
  image: string | null;
}

/** A section's free text and its image, drawn where the section ends. */
export function Extra({ entry, t }: { entry: NoteEntry | undefined; t: (k: string) => string }) {
  if (!entry || (!entry.text && !entry.image)) return null;
  return (
    <View wrap={false}>
      {entry.text ? (
        <View style={s.info}>
          <Text style={s.small}>{t('app.note_page.info')}</Text>
          <Text>{entry.text}</Text>
        </View>
      ) : null}
      {entry.image ? <Image style={s.image} src={entry.image} /> : null}
    </View>
  );
}

/** A file's size for reading (ko / Mo, kB / MB). */
export function sizeText(
  bytes: number,
  t: (k: string, p?: Record<string, unknown>) => string,
  lang: string,
): string {
  const f = (v: number) => numberText(v, lang);
  return bytes >= 1024 * 1024
    ? t('app.note_cover.mb', { value: f(bytes / 1024 / 1024) })
    : t('app.note_cover.kb', { value: f(Math.max(bytes / 1024, 0.1)) });
}

/**
 * Text for the PDF's standard fonts, whose encoding (WinAnsi) has no comparison signs: the messages
 * shared with the web pages write "≥ 1 mm", the note "> = 1 mm" would be wrong, so they become words.
 */
export function pdfSafe(text: string, lang: string): string {
  const atLeast = lang === 'fr' ? 'au moins ' : 'at least ';
  const atMost = lang === 'fr' ? 'au plus ' : 'at most ';
  return text
    .replace(/≥\s?/g, atLeast)
    .replace(/≤\s?/g, atMost)
    .replace(/−/g, '-')
    .replace(/\u202f/g, '\u00a0');
}

/**
 * A small fixed table (a label column and twelve months) drawn as vector text: the same table as
 * tableBlocks, at a tenth of the layout cost (no box per cell), for the monthly tables of every roof.
 */
export function MonthTable({ head, rows }: { head: string[]; rows: string[][] }) {
  const width = 515;
  const first = 120;
  const col = (width - first) / 12;
  const line = 12;
  const height = line * (rows.length + 1) + 4;
  const x = (j: number) => (j === 0 ? 0 : first + col * j - 4);
  return (
    <Svg width={width} height={height}>
      {[head, ...rows].map((r, i) => (
        <Fragment key={i}>
          {r.map((c, j) => (
            <SvgText
              key={`${i}-${j}`}
              x={x(j)}
              y={line * (i + 1) - 3}
              textAnchor={j === 0 ? 'start' : 'end'}
              style={{ fontSize: 7, fontFamily: i === 0 ? 'Helvetica-Bold' : 'Helvetica' }}
              fill="#1c2733"
            >
              {c}
            </SvgText>
          ))}
          <Line
            key={`l${i}`}
            x1={0}
            y1={line * (i + 1) + 1}
            x2={width}
            y2={line * (i + 1) + 1}
            stroke="#ccd5df"
            strokeWidth={0.5}
          />
        </Fragment>
      ))}
    </Svg>
  );
}

/**
 * The picture of where each roof's water goes (a step's `diagram`, engine/spillLayout), as the page draws
 * it: a box per roof and per end, an arrow from each roof to its choice; scaled to the page's width.
 */
export function diagramBlock(
  def: StepDef,
  step: StepState,
  t: (k: string, p?: Record<string, unknown>) => string,
): Block[] {
  const layout = spillLayout(def, step);
  if (!layout || !def.diagram) return [];
  const [w, h, gx, gy] = [150, 26, 50, 8];
  const width = layout.columns * (w + gx) - gx;
  const height = layout.rows * (h + gy) - gy;
  const scale = Math.min(1, 480 / width);
  const at = new Map(layout.nodes.map((n) => [n.id, n]));
  const x = (n: DiagramNode) => n.column * (w + gx);
  const y = (n: DiagramNode) => n.row * (h + gy);
  const texts = layout.nodes.map((n) =>
    'text' in n.label ? n.label.text : t(n.label.ref.key, n.label.ref.params).trim(),
  );
  const shown = new Map(distinctLabels(texts, 24).map((l, i) => [layout.nodes[i]!.id, l]));
  const label = (n: DiagramNode) => shown.get(n.id)!;
  return [
    {
      lines: (height * scale) / 12 + 2,
      node: (
        <View key="diagram" wrap={false} style={{ marginBottom: 8 }}>
          <Text style={s.h3}>{t(def.diagram.title)}</Text>
          <Svg
            width={width * scale + 4}
            height={height * scale + 4}
            viewBox={`-2 -2 ${width + 4} ${height + 4}`}
          >
            {layout.edges.map((e) => {
              const from = at.get(e.from)!;
              const to = at.get(e.to)!;
              const [x1, y1, x2, y2] = [x(from) + w, y(from) + h / 2, x(to), y(to) + h / 2];
              const bend = Math.max(15, (x2 - x1) / 2);
              return (
                <G key={`${e.from}->${e.to}`}>
                  <Path
                    d={`M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2 - 6},${y2}`}
                    stroke="#1f6fb2"
                    strokeWidth={1.2}
                    fill="none"
                  />
                  <Path d={`M${x2 - 7},${y2 - 4} L${x2},${y2} L${x2 - 7},${y2 + 4} Z`} fill="#1f6fb2" />
                </G>
              );
            })}
            {layout.nodes.map((n) => (
              <G key={n.id}>
                <Rect
                  x={x(n)}
                  y={y(n)}
                  width={w}
                  height={h}
                  rx={4}
                  fill={n.end ? '#e8f1fa' : '#ffffff'}
                  stroke={n.end ? '#1f6fb2' : '#9aa5b1'}
                  strokeWidth={1}
                />
                <SvgText x={x(n) + 6} y={y(n) + h / 2 + 3.5} style={{ fontSize: 10 }}>
                  {label(n)}
                </SvgText>
              </G>
            ))}
          </Svg>
        </View>
      ),
    },
  ];
}
