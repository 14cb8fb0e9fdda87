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
import { spillLayout, type StepDef, type StepState } from '../../engine';
import { Fragment, type ReactNode } from 'react';
import { numberText } from '../../words/numberText';
import { labelLines } from '../../words/shortLabel';
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

/** A box of the note's spill diagram, in the picture's points: where it is and its label's lines. */
export interface PdfDiagramBox {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  lines: string[];
  end: boolean;
}

/** An arrow of the note's spill diagram: from a box's right edge to another's left edge. */
export interface PdfDiagramArrow {
  from: string;
  to: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Characters a line of a box's label holds in the note (two lines at most: the start and end of a name). */
export const PDF_LABEL_CHARS = 28;

/**
 * Where the note draws the spill diagram's boxes and arrows (engine/spillLayout's columns): each column's
 * cards in order of the end their water reaches (so that the roofs of one end stand together), each end
 * a bar as tall as the cards that flow into it, its arrows arriving each at its own height (straight
 * lines), not all at one point: 28 roofs into the sewer drew one blue mass. Labels on two lines of
 * PDF_LABEL_CHARS (labelLines: "Bâtiment administratif" / "principal,…terrasse 12"), not 24 characters
 * cut in their middle ("Bâtiment ad…terrasse 12"), which left every roof of a pasted list alike.
 */
export function pdfDiagramGeometry(
  layout: NonNullable<ReturnType<typeof spillLayout>>,
  texts: string[],
): { boxes: PdfDiagramBox[]; arrows: PdfDiagramArrow[]; width: number; height: number } {
  const [w, h, gx, gy] = [150, 26, 50, 6];
  const lines = labelLines(texts, PDF_LABEL_CHARS);
  const to = new Map(layout.edges.map((e) => [e.from, e.to]));
  const nodeOf = new Map(layout.nodes.map((n) => [n.id, n]));
  // the end a card's water reaches, following cards it crosses (a loop is cut where it closes)
  const endOf = (id: string): string => {
    const seen = new Set<string>();
    let at = id;
    while (!nodeOf.get(at)?.end && to.has(at) && !seen.has(at)) {
      seen.add(at);
      at = to.get(at)!;
    }
    return at;
  };
  const ends = layout.nodes.filter((n) => n.end);
  const endRank = new Map(ends.map((n, i) => [n.id, i]));
  const boxes = new Map<string, PdfDiagramBox>();
  const index = new Map(layout.nodes.map((n, i) => [n.id, i]));
  const last = layout.columns - 1;
  for (let c = 0; c < last; c += 1) {
    const column = layout.nodes
      .filter((n) => n.column === c && !n.end)
      .sort((a, b) => (endRank.get(endOf(a.id)) ?? 0) - (endRank.get(endOf(b.id)) ?? 0) || a.row - b.row);
    column.forEach((n, r) =>
      boxes.set(n.id, {
        id: n.id,
        x: c * (w + gx),
        y: r * (h + gy),
        width: w,
        height: h,
        lines: lines[index.get(n.id)!]!,
        end: false,
      }),
    );
  }
  // each end beside the cards that flow into it, as tall as they stand; pushed down below the one above
  let floor = 0;
  for (const n of ends) {
    const sources = layout.edges.filter((e) => e.to === n.id).map((e) => boxes.get(e.from)!);
    const top = Math.max(floor, Math.min(...sources.map((b) => b.y)));
    const bottom = Math.max(top + h, ...sources.map((b) => b.y + b.height));
    boxes.set(n.id, {
      id: n.id,
      x: last * (w + gx),
      y: top,
      width: w,
      height: bottom - top,
      lines: lines[index.get(n.id)!]!,
      end: true,
    });
    floor = bottom + gy;
  }
  const arrows = layout.edges.map((e) => {
    const a = boxes.get(e.from)!;
    const b = boxes.get(e.to)!;
    const y1 = a.y + a.height / 2;
    // into a bar at the source's own height when the bar reaches it, else at the nearest point it can
    const y2 = b.end ? Math.min(b.y + b.height - 4, Math.max(b.y + 4, y1)) : b.y + b.height / 2;
    return { from: e.from, to: e.to, x1: a.x + a.width, y1, x2: b.x, y2 };
  });
  const all = [...boxes.values()];
  return {
    boxes: all,
    arrows,
    width: layout.columns * (w + gx) - gx,
    height: Math.max(...all.map((b) => b.y + b.height)),
  };
}

/** The height a diagram may take on an A4 page below its section's heading and its own title (pt). */
const DIAGRAM_HEIGHT_PT = 630;

/**
 * The picture of where each roof's water goes (a step's `diagram`, engine/spillLayout), as the page draws
 * it: a box per roof and per end, an arrow from each roof to its choice (pdfDiagramGeometry); scaled to
 * the page's width, and to one page's height with its section's heading.
 */
export function diagramBlock(
  def: StepDef,
  step: StepState,
  t: (k: string, p?: Record<string, unknown>) => string,
): Block[] {
  const layout = spillLayout(def, step);
  if (!layout || !def.diagram) return [];
  const texts = layout.nodes.map((n) =>
    'text' in n.label ? n.label.text : t(n.label.ref.key, n.label.ref.params).trim(),
  );
  const { boxes, arrows, width, height } = pdfDiagramGeometry(layout, texts);
  // the page's width, and its height under the section's heading and the diagram's title: a diagram of
  // many roofs taller than that went whole to the next page, leaving the heading alone on its own
  const scale = Math.min(1, 480 / width, DIAGRAM_HEIGHT_PT / height);
  const FONT = 9;
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
            {arrows.map(({ from, to, x1, y1, x2, y2 }) => {
              const bend = Math.max(15, (x2 - x1) / 2);
              return (
                <G key={`${from}->${to}`}>
                  <Path
                    d={`M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2 - 6},${y2}`}
                    stroke="#1f6fb2"
                    strokeWidth={1}
                    fill="none"
                  />
                  <Path d={`M${x2 - 6},${y2 - 3} L${x2},${y2} L${x2 - 6},${y2 + 3} Z`} fill="#1f6fb2" />
                </G>
              );
            })}
            {boxes.map((b) => (
              <G key={b.id}>
                <Rect
                  x={b.x}
                  y={b.y}
                  width={b.width}
                  height={b.height}
                  rx={4}
                  fill={b.end ? '#e8f1fa' : '#ffffff'}
                  stroke={b.end ? '#1f6fb2' : '#9aa5b1'}
                  strokeWidth={1}
                />
                {b.lines.map((line, k) => (
                  <SvgText
                    key={k}
                    x={b.x + 5}
                    y={b.y + b.height / 2 + 3.2 + (k - (b.lines.length - 1) / 2) * (FONT + 1.5)}
                    style={{ fontSize: FONT }}
                  >
                    {line}
                  </SvgText>
                ))}
              </G>
            ))}
          </Svg>
        </View>
      ),
    },
  ];
}
