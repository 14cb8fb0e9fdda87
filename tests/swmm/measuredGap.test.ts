/**
 * A measured rain series with a year left out, through EPA SWMM 5.2.4 at the site's verdict edge (helper
 * edge11). The tests' Montréal files (1991-2002, 2001 left out for an unusable day) drain the Toronto
 * example's roofs onto a garden; the model a user downloads runs 1991 to 2002 in one continuous run, 2001
 * dry. Read by date, 2002 sends SWMM's sewer its share of water (read by rank, as `swmmDaily` did
 * before, 2002's days read the dry 2001 and SWMM's share came out 1.4 points higher).
 *
 * The garden's edge: the product's site share jumps from 87.0 % (332 m2) to 100 % (333 m2) where the
 * garden's daily capacity holds the 5 mm over the whole site on every day the roofs are full, outside the
 * "À la limite" band (7.5 points); SWMM, whose garden infiltrates that capacity spread over 24 h, keeps the
 * 5 mm on 89.3 % of the rainy days (the day's own sewer volume; 95.4 % on the water traced 3 h past
 * midnight) and reaches 90 % at about 350 m2. That gap is held here so that a method change closing it
 * shows (docs/QUALITY.md, "edge11"). What the product says of it: the site's days judged on the target
 * raised by its margin (10 %: 5.5 mm) keep it on 85.1 % of them only, and the verdict says it is at the
 * edge; with 400 m2 of garden (SWMM 91.7 %) the margin holds and it says nothing.
 */
import { describe, expect, it } from 'vitest';
import { bundleOfProduct } from '../../server/projects/products';
import { i18nOf } from '../../server/i18n';
import { figureWriter } from '../../words/figures';
import { verdictTexts } from '../../words/verdicts';
import { dayInputs, measuredSite, modelAt, seriesDays, shareOf, swmmDaily, toronto, variant } from './edge';
import { swmmBinary } from './runswmm';

const binary = swmmBinary();
const skip = 'reason' in binary ? binary.reason : null;
if (skip) console.log(`SWMM measured-gap comparison skipped: ${skip}`);
const runswmm = 'path' in binary ? binary.path : '';

describe.skipIf(skip !== null)('a measured series with a year left out, through EPA SWMM 5.2.4', () => {
  it('reads SWMM by date across the gap, and holds the garden edge where the verdicts part', async () => {
    const s = await measuredSite();
    const c = toronto('measured 1991-2002', s.project, s.measured);
    const at = (area: number) => modelAt(c, area);
    const below = at(332);
    const { p, results, model, text } = at(333);
    // the product's edge: one square metre of garden moves the share by 13 points
    expect(below.results.site.respectConsigneAbattement).toBe(87);
    expect(below.results.site.target_met).toBe(false);
    expect(results.site.respectConsigneAbattement).toBe(100);
    expect(results.site.target_met).toBe(true);

    // the series' days against SWMM's calendar: 2001 is in SWMM's run, none of the series' days
    expect(model.measuredYears).toEqual([1991, 1992, 1993, 1994, 1995, 1996, 1997, 1998, 1999, 2000, 2002]);
    const input = dayInputs(model);
    const days = seriesDays(model, input.length);
    expect(days.length).toBe(4383);
    expect(days.filter((d) => d < 0).length).toBe(365);
    expect(days.indexOf(3653)).toBe(4018); // 1 January 2002

    const run = await swmmDaily(runswmm, variant(text, 'base'), input.length, model);
    expect(run.errors + run.warnings).toBe(0);
    // 2002 sends to SWMM's sewer the share of its water the other years do (read by rank: none)
    const sum = (a: ArrayLike<number>, from: number, to: number) =>
      Array.prototype.slice.call(a, from, to).reduce((x: number, y: number) => x + y, 0) as number;
    const ratio = (from: number, to: number) => sum(run.vol, from, to) / sum(input, from, to);
    const whole = ratio(0, input.length);
    expect(whole).toBeGreaterThan(0);
    expect(ratio(3653, input.length) / whole).toBeGreaterThan(0.5);
    expect(ratio(3653, input.length) / whole).toBeLessThan(2);

    const siteArea = model.surfaces.reduce((x, q) => x + q.area, 0);
    const target = Number(p.steps.Chantier!.forms![0]!.form!.millimeters);
    const own = shareOf(input, run.vol, target, siteArea);
    const traced = shareOf(input, run.traced, target, siteArea);
    console.log(
      `garden 333 m2: product 100 % met; SWMM own day ${own.toFixed(1)} %, traced 3 h ${traced.toFixed(1)} %`,
    );
    // the gap the band does not cover: SWMM's own-day share below the 90 % asked, 10 points under
    expect(results.site.target_min_share).toBe(90);
    expect(own).toBeLessThan(90);
    expect(own).toBeGreaterThan(85);
    expect(traced).toBeGreaterThan(90);

    // the product says so: the target raised by its margin is missed, and the verdict declares the edge
    expect(results.site.target_stricter_mm).toBe(5.5);
    expect(results.site.target_stricter_share).toBe(85.1);
    const smca = bundleOfProduct('smca');
    const { i18n } = i18nOf('smca', 'en', { reading: true });
    const tr = (k: string, x?: Record<string, unknown>) => i18n.t(k, x ?? {});
    const notes = (r: object) =>
      verdictTexts(smca.figures.verdicts, r, figureWriter(smca.figures.formats, 'METRIC', tr, 'en'), tr)[0]!
        .notes;
    expect(notes(results)).toHaveLength(1);
    expect(notes(results)[0]).toMatch(
      /^At the edge: the share holds by a thin margin\. With the depth to retain raised to 5\.5\u00a0mm, the site would keep it on only 85\.1\u00a0%/,
    );
    const wide = at(400).results;
    expect(wide.site.respectConsigneAbattement).toBe(100);
    expect(wide.site.target_stricter_share).toBeGreaterThanOrEqual(90);
    expect(notes(wide)).toEqual([]);
  }, 300_000);
});
