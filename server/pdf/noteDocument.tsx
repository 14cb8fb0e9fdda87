import { Document, Image, Page, Text, View } from '@react-pdf/renderer';
import type { Translator } from '../../words/i18n';
import { Fragment, type ReactNode } from 'react';
import type { FiguresDef, FormState, StepDef } from '../../engine';
import { figureWriter } from '../../words/figures';
import { dateText, monthNames } from '../../words/dates';
import { isAbattementResults, isFlowLimiterResults, type Results } from '../../words/results';
import { answerBlocks, spillBlocks } from './noteAnswers';
import { methodBlocks } from './noteMethod';
import { diagramBlock, Extra, pdfSafe, s, type Block, type NoteEntry } from './noteParts';
import { abattementBlocks, coverVerdict, figuresBlocks, flowLimiterBlocks } from './noteResults';

export type { NoteEntry } from './noteParts';

/** Lines of 10 pt text an A4 page holds between the header and the footer, with some margin. */
const PAGE_LINES = 50;

/**
 * Packs blocks into pages by their expected height, a section's title staying with its first block.
 * Each page is its own <Page> (it still wraps if a guess was short): react-pdf lays out again
 * everything after a page break within one <Page>, so one long <Page> costs pages x content, and
 * bounded pages keep a 200-roof note linear.
 */
function pack(units: Block[][]): ReactNode[][] {
  const pages: ReactNode[][] = [];
  let page: ReactNode[] = [];
  let used = 0;
  for (const [u, unit] of units.entries()) {
    const lines = unit.reduce((x, b) => x + b.lines, 0);
    const first = unit[0]!.lines + (unit[1]?.lines ?? 0);
    if (page.length && used + Math.min(lines, first) > PAGE_LINES) {
      pages.push(page);
      page = [];
      used = 0;
    }
    for (const [k, b] of unit.entries()) {
      if (page.length && used + b.lines > PAGE_LINES && b !== unit[0] && !(b === unit[1] && used <= 3)) {
        pages.push(page);
        page = [];
        used = 0;
      }
      page.push(<Fragment key={`${u}-${k}`}>{b.node}</Fragment>);
      used += b.lines;
    }
  }
  if (page.length) pages.push(page);
  return pages;
}

export interface NoteProps {
  i18n: Translator;
  /** the calculator's name (the product) */
  product: string;
  project: {
    id: string;
    name: string;
    city: string;
    postcode: string;
    company: string;
    /** the project's readable number (null: none, the reference is left out) */
    number?: number | null;
    /** which variant of its group this note is (null: a lone project) */
    variant?: { no: number; label: string | null } | null;
  };
  date: string;
  state: FormState;
  /** the note's sections: a step's answers (a mirrored step: where each card flows), or the results */
  sections: {
    title: string;
    step: string | null;
    mirrored: boolean;
    /** the step's definition when it declares a diagram of its choices (the spills) */
    diagram: StepDef | null;
    results: boolean;
  }[];
  /** the bundle's calculation (flow-limiter, abattement, formulas): how results are drawn */
  calculation: string;
  /** the bundle's declared figures: their formats, the key figures, the verdicts */
  figures: FiguresDef;
  entries: NoteEntry[];
  results: Results | null;
  charts?: { pluviometrie: string | null; toitures: (string | null)[] };
  /** files the client attached to the project, listed by name and size */
  attachments: { filename: string; size: number }[];
  /** the label of a form option (a substrate, a vegetation system) as the form shows it */
  optionLabel: (value: string) => string | null;
  /**
   * the note's verification code (every page's footer) and its address's QR code (the cover);
   * `fromRequest`: the address is the one the note was asked from (development), said under the code
   */
  verification?: { code: string; qr: string; fromRequest?: boolean } | null;
}

/**
 * The calculation note, as a design office would hand it to a city's rainwater department: a cover page
 * with the project, the target and the verdict with its key figures; the project drawn from its bundle
 * section by section (every visible field with its label, value and unit in the project's unit system,
 * the section's free text and image); the results with their tables and charts; the method in prose
 * with the climate data, the limits, the references and every parameter with its source in words. Every
 * page carries the product, the project's name and number, the method's version, the date and its
 * number. Every word comes from the messages files, in the note's language.
 */
export function NoteDocument(props: NoteProps) {
  const { i18n, product, project, date, state, sections, entries, results, charts } = props;
  const t = Object.assign(
    (k: string, p?: Record<string, unknown>) => {
      const text: unknown = i18n.t(k, p ?? {});
      return (typeof text === 'string' ? pdfSafe(text, i18n.language) : text) as string;
    },
    { exists: (k: string) => i18n.exists(k) },
  );
  const lang = i18n.language;
  const system = state.unitSystem;
  const months = monthNames(lang);
  // every figure written by its bundle's format, as the results page and the Excel file write it
  const w = figureWriter(props.figures.formats, system, t, lang);
  const reading = { w, answers: props.figures.answers };
  const stepByKey = new Map(state.steps.map((st) => [st.key, st]));
  const version = results?.method.version;

  const reference = project.number ? t('app.note_cover.id', { id: project.number }) : '';
  const variant = project.variant
    ? project.variant.label
      ? t('app.variants.named', { no: project.variant.no, label: project.variant.label })
      : t('app.variants.label', { no: project.variant.no })
    : '';
  const units: Block[][] = [];
  sections.forEach((sec, n) => {
    const step = sec.step ? stepByKey.get(sec.step) : undefined;
    let blocks: Block[] = [];
    if (sec.results && results)
      blocks = isFlowLimiterResults(results)
        ? flowLimiterBlocks(results, props.figures, w, t, props.attachments)
        : isAbattementResults(results)
          ? abattementBlocks(results, props.figures, w, t, months, charts)
          : figuresBlocks(props.figures, results, w, t);
    else if (sec.mirrored && step)
      blocks = [...(sec.diagram ? diagramBlock(sec.diagram, step, t) : []), ...spillBlocks(step, t)];
    else if (step) blocks = answerBlocks(step, t, lang, reading);
    const heading = {
      lines: 3,
      node: (
        <Text key="title" style={s.h2}>
          {n + 1}. {sec.title}
        </Text>
      ),
    };
    const entry = entries[n];
    const extra =
      entry && (entry.text || entry.image)
        ? [
            {
              lines: (entry.text ? 2 + entry.text.length / 90 : 0) + (entry.image ? 18 : 0),
              node: <Extra key="extra" entry={entry} t={t} />,
            },
          ]
        : [];
    units.push([heading, ...blocks, ...extra]);
  });
  if (results && props.calculation !== 'formulas') units.push(methodBlocks(results, t, w, props.optionLabel));
  const pages = pack(units);

  // Direct children of each page (react-pdf does not run a `render` nested in a fragment).
  const frame = [
    <Text key="header" style={s.header} fixed>
      {[product, project.name, variant, reference].filter(Boolean).join(' · ')}
    </Text>,
    <Text key="footer" style={s.footerLeft} fixed>
      {dateText(date, lang)}
      {version ? ` · ${t('app.note_cover.version', { version })}` : ''}
      {props.verification ? ` · ${t('app.note_cover.verification', { code: props.verification.code })}` : ''}
    </Text>,
    <Text
      key="page"
      style={s.footerRight}
      fixed
      render={({ pageNumber, totalPages }) =>
        t('app.note_cover.page', { page: pageNumber, pages: totalPages })
      }
    />,
  ];
  const info: [string, string][] = [
    [t('app.note_cover.project'), [project.name, reference].filter(Boolean).join(' · ')],
    [t('app.note_cover.site'), [project.city, project.postcode].filter(Boolean).join(' ')],
    [t('app.note_cover.client'), project.company],
    [t('app.note_cover.date'), dateText(date, lang)],
  ];
  if (version)
    info.push([t('app.note_cover.method'), t(`app.note_cover.methods.${props.calculation}`, { version })]);
  return (
    <Document title={[product, project.name, variant].filter(Boolean).join(' – ')} language={lang}>
      <Page size="A4" style={s.page}>
        {frame}
        <Text style={s.coverProduct}>{product}</Text>
        <Text style={s.coverTitle}>{t('app.note_page.title')}</Text>
        <Text style={s.coverProject}>{project.name || reference}</Text>
        {variant ? <Text style={s.coverVariant}>{variant}</Text> : null}
        {info
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <View key={k} style={s.row}>
              <Text style={s.label}>{k}</Text>
              <Text style={s.value}>{v}</Text>
            </View>
          ))}
        <View style={{ marginTop: 16 }}>{coverVerdict(results, props.figures, w, t)}</View>
        {props.verification ? (
          <View style={s.verifyBox} wrap={false}>
            <Image style={s.verifyQr} src={props.verification.qr} />
            <Text style={s.verifyText}>
              {t('app.note_cover.verify', { code: props.verification.code })}
              {props.verification.fromRequest ? `\n${t('app.note_cover.verify_request_address')}` : ''}
            </Text>
          </View>
        ) : null}
      </Page>
      {pages.map((blocks, i) => (
        <Page key={i} size="A4" style={s.page} wrap>
          {frame}
          {blocks}
        </Page>
      ))}
    </Document>
  );
}
