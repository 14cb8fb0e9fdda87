import { createHash } from 'node:crypto';
import { derive, fromServer, type ServerProject } from '../../engine';
import { fieldText, isShown } from '../../words/fieldText';
import type { Db, IssuedNoteTable, ProjectTable } from '../db/database';
import { changesBetween } from '../calc/methodChanges';
import { compareIssued } from './compare';
import { figureWriter } from '../../words/figures';
import { i18nOf } from '../i18n';
import { bundleOfProduct, type ProductType } from '../projects/products';

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

type Results = Record<string, unknown>;

/** The method's version the results name ('' when none: a project printed before it was calculated). */
export const versionOf = (r: Results | null): string =>
  String((r?.method as { version?: unknown } | undefined)?.version ?? '');

/** The measured rain series the results ran on (abattement, issue 39.3), if any. */
const measuredOf = (r: Results | null) =>
  r?.measured as
    | { id: string; station: { id: string; name: string } | null; first_year: number; last_year: number }
    | null
    | undefined;

/** The design rain's set the results name (flow limiter), if any. */
const rainOf = (r: Results | null) =>
  r?.rain as
    | { source?: string; department?: string | null; return_period_years?: number; provenance?: string }
    | undefined;

/**
 * The climate data's identity the results name: the weather station (its id, name and period) or the
 * design rain's set (its source, département, return period and provenance).
 */
export function climateOf(r: Results | null): string {
  const m = measuredOf(r);
  if (m)
    return ['measured', m.station?.id, m.station?.name, `${m.first_year}-${m.last_year}`, m.id.slice(0, 12)]
      .filter(Boolean)
      .join(' · ')
      .slice(0, 200);
  const station = r?.station as { id?: string; name?: string; period?: string } | undefined;
  if (station) return [station.id, station.name, station.period].filter(Boolean).join(' · ');
  const rain = rainOf(r);
  if (rain)
    return [rain.source, rain.department, rain.return_period_years && `T${rain.return_period_years}`]
      .filter(Boolean)
      .join(' · ')
      .slice(0, 200);
  return '';
}

/**
 * The climate data of an issued note in the reader's words: the weather station by its name and period,
 * or the design rain's set (published or typed, its département, its return period); the stored identity
 * otherwise.
 */
function climateText(
  r: Results | null,
  stored: string,
  t: (k: string, p?: Record<string, unknown>) => string,
) {
  // a station by its name and period (once: a name may carry it): its id is the product's own
  // identifier, not the reader's
  // a measured series: the station that recorded it and the years the balance ran on
  const m = measuredOf(r);
  if (m)
    return t('app.verify.climate_measured', {
      station: m.station ? m.station.name : t('rain.no_station'),
      from: m.first_year,
      to: m.last_year,
    });
  const station = r?.station as { name?: string; period?: string } | undefined;
  if (station?.name)
    return station.period && !station.name.includes(station.period)
      ? `${station.name} · ${station.period}`
      : station.name;
  const rain = rainOf(r);
  if (r?.station || !rain || (rain.source !== 'published' && rain.source !== 'typed')) return stored;
  return [
    rain.source === 'typed'
      ? t('app.verify.climate_typed', { provenance: rain.provenance ?? '' })
      : t('app.verify.climate_published'),
    rain.department ? t('app.verify.climate_department', { department: rain.department }) : '',
    rain.return_period_years ? t('app.verify.climate_return_period', { T: rain.return_period_years }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** What an issued note keeps of its project, in the storage quotas' measure (the answers and results). */
export function issuedBytes(row: Pick<ProjectTable, 'content' | 'results'>): number {
  return Buffer.byteLength(row.content) + Buffer.byteLength(row.results ?? 'null');
}

/** Stores what a printed note was printed from, under its code, with the digest of its bytes. */
export async function recordIssued(
  db: Db,
  input: {
    code: string;
    row: ProjectTable;
    calculation: string;
    locale: string;
    date: string;
    pdf: Uint8Array;
  },
): Promise<void> {
  const { row } = input;
  const results = row.results ? (JSON.parse(row.results) as Results) : null;
  await db
    .insertInto('issued_notes')
    .values({
      code: input.code,
      project_id: row.id,
      product_type: row.product_type,
      calculation: input.calculation,
      method_version: versionOf(results),
      climate: climateOf(results),
      content: row.content,
      results: row.results ?? 'null',
      name: row.name,
      city: row.city,
      postcode: row.postcode,
      number: row.number,
      locale: input.locale,
      pdf_sha256: sha256Hex(input.pdf),
      pdf_size: input.pdf.byteLength,
      show_client: 0,
      issued_on: input.date,
      created_at: new Date().toISOString(),
      withdrawn_at: null,
      owner: null,
      project_deleted_at: null,
    })
    .execute();
}

/** A step holding someone's contact (an e-mail or phone field): the client's personal data. */
const personal = (step: { cards: { fields: { kind: string }[] }[] }): boolean =>
  step.cards.some((c) => c.fields.some((f) => f.kind === 'email' || f.kind === 'phone'));

/** What the public page shows of an issued note, in `locale`; `today`: the same answers calculated now. */
export function verificationView(
  note: IssuedNoteTable,
  today: { ok: true; results: Results } | { ok: false },
  locale: string | undefined,
) {
  const type = note.product_type as ProductType;
  const bundle = bundleOfProduct(type);
  const { i18n, locale: lang } = i18nOf(type, locale, { reading: true });
  const t = (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {});
  const base = {
    code: note.code,
    locale: lang,
    issued_on: note.issued_on,
    product: t(bundle.title),
  };
  if (note.withdrawn_at)
    return { ...base, status: 'withdrawn' as const, withdrawn_on: note.withdrawn_at.slice(0, 10) };
  const issued = JSON.parse(note.results) as Results | null;
  const { data } = fromServer(bundle, {
    id: note.project_id,
    steps: JSON.parse(note.content),
  } as ServerProject);
  const state = derive(bundle, data);
  // an answer of a quantity read back as the note reads it (figures.answers)
  const reading = {
    w: figureWriter(bundle.figures.formats, state.unitSystem, t, lang),
    answers: bundle.figures.answers,
  };
  const sections = state.steps
    .filter((st) => st.cards.length > 0 && (note.show_client === 1 || !personal(st)))
    .map((st) =>
      st.repeat
        ? {
            title: t(st.title),
            // each card (a roof) with its answers, as the note lists them
            items: st.cards.map((c) => ({
              label: t(c.title.key, c.title.params),
              value: c.fields
                .filter(isShown)
                .map((f) =>
                  t('app.verify.answer', { label: t(f.label), value: fieldText(f, t, lang, reading) }),
                )
                .join(' · '),
            })),
          }
        : {
            title: t(st.title),
            items: st.cards[0]!.fields.filter(isShown)
              .map((f) => ({ label: t(f.label), value: fieldText(f, t, lang, reading) }))
              .filter((x) => x.value !== ''),
          },
    )
    .filter((s) => s.items.length > 0);
  const now = today.ok ? today.results : null;
  // every figure and verdict the bundle declares, written as the note writes them, in the reader's words
  const compared = compareIssued(bundle.figures, issued, now, state.unitSystem, t, lang);
  const same =
    now !== null &&
    !compared.figures.some((f) => f.differs) &&
    !compared.verdicts.some((v) => v.differs) &&
    compared.details.differing.length === 0;
  const todayVersion = versionOf(now);
  const method = (v: string) =>
    v && i18n.exists(`app.note_cover.methods.${note.calculation}`)
      ? t(`app.note_cover.methods.${note.calculation}`, { version: v })
      : v;
  return {
    ...base,
    status: 'issued' as const,
    number: note.number,
    name: note.name,
    place: [note.postcode, note.city].filter(Boolean).join(' '),
    sections,
    method: { issued: method(note.method_version), today: method(todayVersion) },
    climate: climateText(issued, note.climate, t),
    ...compared,
    /** the calculation today refused the answers (a rule tightened since): the figures stand as issued */
    recalculated: now !== null,
    same,
    changes:
      same || !note.method_version || !todayVersion
        ? []
        : changesBetween(note.calculation, note.method_version, todayVersion).map((c) => ({
            version: c.version,
            text: t(c.message),
          })),
  };
}
