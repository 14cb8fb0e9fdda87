/**
 * Paris, 8 mm, the garden fixed (GARDEN m2, 180 by default), the green roof's substrate thickness varied
 * (STROKES, cm): the product's share and verdict, and with `swmm` EPA SWMM 5.2.4's on the exported model
 * at SWMM_AT (helper edge13).
 *
 * Run: GARDEN=192 STROKES=10,16,17,30 SWMM_AT=10,16,17,30 bash scripts/node.sh npx tsx tests/swmm/edge-thickness.ts swmm
 */
import { dayInputs, modelAt, paris, shareOf, swmmDaily, variant } from './edge';
import { swmmBinary } from './runswmm';
const bin = swmmBinary();
if ('reason' in bin) throw new Error(bin.reason);
const garden = Number(process.env.GARDEN ?? 180);
const base = paris(8);
const withStroke = (cm: number) => ({
  ...base,
  label: `Paris 8 mm, garden ${garden} m2, substrate ${cm} cm`,
  project: (area: number) => {
    const p = base.project(area);
    p.steps.Toiture!.forms![0]!.form!.substrat_stroke = cm;
    return p;
  },
});
const strokes = (process.env.STROKES ?? '10,11,12,13,14,15,16,18,20').split(',').map(Number);
const swmmAt = process.argv.includes('swmm') ? (process.env.SWMM_AT ?? '').split(',').map(Number) : [];
for (const cm of strokes) {
  const c = withStroke(cm);
  const { p, results, model, text } = modelAt(c, garden);
  const s = results.site;
  let sw = '';
  if (swmmAt.includes(cm)) {
    const input = dayInputs(model);
    const siteArea = model.surfaces.reduce((x, q) => x + q.area, 0);
    const r = await swmmDaily(bin.path, variant(text, 'base'), input.length, model);
    sw = `| SWMM 5.2.4 own ${shareOf(input, r.vol, 8, siteArea).toFixed(2)} traced ${shareOf(input, r.traced, 8, siteArea).toFixed(2)} e+w ${r.errors + r.warnings} cont ${r.continuity.join('/')}`;
  }
  void p;
  console.log(
    `${c.label} | product ${s.respectConsigneAbattement} ${s.target_met} stricter ${s.target_stricter_share} ${sw}`,
  );
}
