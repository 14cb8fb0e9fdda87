/**
 * An honest verification page (issue 36 item 4, issue 37 items 2, 5 and 8): every figure and every verdict
 * the note prints is compared between the note as issued and today's calculation, the orifice too though
 * the note never prints it; the key figures read as the note prints them (its PDF read back); the English
 * view of a French note is English throughout. A note is issued through the API, then its stored results
 * are changed as a build of another method version would have issued them.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESERVED_VERDICT } from '../issuedVerdict';
import { pdfText } from '../pdfText';
import { cookiesOf, freshPlace, serversByMode, type Place } from './harness';
import { projectBody } from './projects.fixtures';

type Figure = { key: string; label: string; issued: string; today: string | null; differs: boolean };
type Words = { words: string; tone: string; lines: string[] };
interface View {
  same: boolean;
  figures: Figure[];
  verdicts: { key: string; label: string; issued: Words; today: Words | null; differs: boolean }[];
  details: { compared: number; differing: { where: string; label: string; issued: string; today: string }[] };
  changes: { version: string; text: string }[];
}
type Results = Record<string, unknown> & { method: { version: string } };

describe(
  'the verification page compares every figure and verdict the note prints',
  { timeout: 120_000 },
  () => {
    let place: Place;
    let servers: Awaited<ReturnType<typeof serversByMode>>;
    let owner = '';
    const inject = (o: InjectOptions): Promise<LightMyRequestResponse> =>
      servers.inject({ ...o, headers: { ...o.headers, cookie: owner } });

    beforeAll(async () => {
      place = await freshPlace('sqlite');
      servers = await serversByMode(place);
    });
    afterAll(async () => {
      await servers.close();
      await place.drop();
    });

    /** A calculated project of `type` issued as a note in `locale`: its code and the PDF's text. */
    async function issued(type: 'slowli' | 'smca' | 'skywater_manager', body: object, locale = 'fr') {
      const made = await servers.inject({
        method: 'POST',
        url: `/api/${type}/project`,
        payload: body,
        headers: { cookie: owner },
      });
      owner = cookiesOf(made, owner);
      const id = made.json<{ id: string }>().id;
      expect((await inject({ method: 'GET', url: `/api/${type}/calculate/${id}` })).statusCode).toBe(200);
      const pdf = await inject({
        method: 'POST',
        url: `/api/${type}/pdf_download/${id}?locale=${locale}`,
        payload: { data: JSON.stringify({ informations: [] }) },
      });
      expect(pdf.statusCode).toBe(200);
      return { code: String(pdf.headers['x-verification-code']), text: await pdfText(pdf.rawPayload) };
    }
    /** The note as a build of method `version` issued it: its stored results changed by `change`. */
    async function asIssuedBy(code: string, version: string, change: (r: Results) => void) {
      const { db } = servers.client;
      const note = await db
        .selectFrom('issued_notes')
        .select('results')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      const r = JSON.parse(note.results) as Results;
      r.method.version = version;
      change(r);
      await db
        .updateTable('issued_notes')
        .set({ results: JSON.stringify(r), method_version: version })
        .where('code', '=', code)
        .execute();
    }
    const verify = async (code: string, locale = 'fr') =>
      (await servers.inject({ method: 'GET', url: `/api/verify/${code}?locale=${locale}` })).json<View>();

    it('shows a change of the orifice alone, which the note never prints, with the method changes', async () => {
      const { code } = await issued('slowli', projectBody('sl'));
      await asIssuedBy(code, '1.1.0', (r) => {
        r.diameter = (r.diameter as number) + 6;
      });
      const v = await verify(code);
      expect(v.same).toBe(false);
      const differs = v.figures.filter((f) => f.differs);
      expect(differs.map((f) => [f.key, f.issued, f.today])).toEqual([
        ['diameter', 'non imprimé', 'différent'],
      ]);
      // its value is never written on the public page
      expect(JSON.stringify(differs)).not.toMatch(/\d/);
      expect(v.verdicts.every((x) => !x.differs)).toBe(true);
      expect(v.details.differing).toEqual([]);
      expect(v.changes.map((c) => c.version)).toEqual(['1.2.0', '1.3.0', '1.4.0', '1.5.0']);
    });

    it('shows the orifice, the leakage and the verdict issued otherwise (the issue’s note)', async () => {
      const { code } = await issued('slowli', projectBody('sl'));
      await asIssuedBy(code, '1.1.0', (r) => {
        const limiters = r.limiters as { max_leakage: number }[];
        r.diameter = 36;
        r.max_leakage = 1.38;
        limiters[0]!.max_leakage = 1.38;
        r.verdict = structuredClone(RESERVED_VERDICT);
      });
      const v = await verify(code);
      expect(v.same).toBe(false);
      const figure = (key: string) => v.figures.find((f) => f.key === key)!;
      expect(figure('peak')).toMatchObject({ issued: '1,38\u00a0L/s', differs: true });
      expect(figure('peak').today).toMatch(/^\d,\d\d\u00a0L\/s$/);
      expect(figure('diameter')).toMatchObject({ differs: true, today: 'différent' });
      const verdict = v.verdicts.find((x) => x.key === 'design')!;
      expect(verdict.differs).toBe(true);
      expect(verdict.issued.words).toBe('Conforme avec réserves');
      expect(verdict.issued.tone).toBe('warning');
      expect(
        verdict.issued.lines.some((l) => l.startsWith('Réserve\u00a0: la durée de pluie déterminante')),
      ).toBe(true);
      expect(verdict.today!.words).toBe('Conforme');
      // the roof's own outflow, one of the table's figures
      expect(v.details.differing).toContainEqual(
        expect.objectContaining({ where: 'Toiture A', label: 'Débit', issued: '1,38\u00a0L/s' }),
      );
    });

    it('shows an imposed volume issued as met that today is not (smca)', async () => {
      const body = projectBody('smca', (d) => {
        Object.assign(d.project as object, { has_volume: true, volume: 50 });
      });
      const { code } = await issued('smca', body, 'en');
      await asIssuedBy(code, '3.0.0', (r) => {
        (r.site as Record<string, unknown>).imposed_volume_met = true;
      });
      const v = await verify(code, 'en');
      const imposed = v.verdicts.find((x) => x.key === 'imposed')!;
      expect(imposed).toMatchObject({ differs: true, issued: { words: 'Met' }, today: { words: 'Not met' } });
      expect(v.same).toBe(false);
      expect(v.changes.map((c) => c.version)).toEqual(['3.1.0', '3.1.1', '3.1.2']);
    });

    it('prints in its "in the note" column what the note prints, and every figure counts', async () => {
      for (const [type, body] of [
        ['slowli', projectBody('sl')],
        ['skywater_manager', projectBody('sm')],
        ['smca', projectBody('smca')],
      ] as const) {
        const { code, text } = await issued(type, body);
        const v = await verify(code);
        expect(v.same).toBe(true);
        // each key figure as its label and value on the note's cover (pdf.js reads a no-break space as one)
        for (const f of v.figures.filter((x) => x.key !== 'diameter'))
          expect(text.replace(/\u00a0/g, ' ')).toContain(`${f.label} ${f.issued.replace(/\u00a0/g, ' ')}`);
        // the verdicts the note prints, with their sentences
        const flat = text.replace(/\u00a0/g, ' ');
        for (const x of v.verdicts) {
          expect(text).toContain(`${x.label} : ${x.issued.words}`);
          // a sentence, or a figure the note prints as a row (its label, then its value)
          for (const line of x.issued.lines.map((l) => l.replace(/\u00a0/g, ' ')))
            expect(flat.includes(line) || flat.includes(line.replace(' : ', ' '))).toBe(true);
        }
        // nothing the note never prints (the roofs' storage capacity in all)
        expect(v.figures.map((f) => f.label)).not.toContain('Capacité de stockage des toitures');
        expect(v.details.compared).toBeGreaterThanOrEqual(4);
      }
    });

    it("gives sm's target verdict and what blocks it, issued and today", async () => {
      const { code } = await issued('skywater_manager', projectBody('sm'));
      await asIssuedBy(code, '3.0.0', (r) => {
        const site = r.site as Record<string, unknown>;
        for (const k of ['target_met', 'target_min_share', 'target_blockers', 'snow_end_m3_per_year'])
          delete site[k];
      });
      const v = await verify(code);
      const target = v.verdicts.find((x) => x.key === 'target')!;
      // issued before the method judged the target: no status then, a verdict now
      expect(target.issued.words).toBe('–');
      expect(target.today!.words).toMatch(/^(Atteint|Non atteint)$/);
      expect(target.today!.lines[0]).toMatch(/^Retenir [\d,]+\u00a0mm de chaque pluie\u00a0: tenu sur/);
      expect(target.differs).toBe(true);
    });
  },
);
