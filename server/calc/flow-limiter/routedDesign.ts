/**
 * The routing check of a flow-limiter design (methods 1.2 to 1.4): the orifice diameter whose routed
 * peak outflow stays within the permit under every design storm, and what each storm does through it.
 *
 * The storms (method 1.4, issue 36): the Montana block rains from 15 min to at least 72 h (or the Montana
 * set's range when longer), searched for the worst one (routing.ts); a Chicago storm as long as the
 * longest block rain and a Desbordes double triangle (storms.ts), all of the same Montana set and return
 * period. The block rains' range grows (doubling) while a roof's or the site's worst block rain is the
 * longest one routed: the routing goes on until the stored volume stops growing.
 *
 * The diameter: at most the first one (the méthode des pluies head's); the largest whose site peak under
 * the block rains stays within the permit (a search started from the last peaks, refusing a diameter as
 * soon as one rain exceeds the permit), then one millimetre less while the Chicago or Desbordes storm
 * still exceeds it (a smaller orifice lets less out under every storm, so every storm then fits). Never
 * below the minimum diameter: the verdict then says the permit is exceeded.
 */
import { limiterReservoir, type RoutedRoof } from './reservoir';
import { routeProject, ROUTED_DURATIONS, type DesignRain, type Routed } from './routing';
import { chicagoStorm, desbordesStorm, routeStorm, type Storm } from './storms';

/** What one design storm does through the orifices kept. */
export interface StormPeak {
  kind: 'block' | 'chicago' | 'desbordes';
  /** the block rain's duration, or the storm's whole duration (minutes); the Desbordes intense period */
  minutes: number;
  intense: number | null;
  /** the site's peak outflow (m3/s), each roof's outflow then, each roof's own peak storage (m3) */
  outflow: number;
  outflows: number[];
  volumes: number[];
}

/** The routed design: the diameter (mm), the block rains' range (minutes), their routing and every storm's peak. */
export interface RoutedDesign {
  diameter: number;
  range: [number, number];
  block: Routed;
  storms: StormPeak[];
  /** the storms themselves, as routed (for the SWMM export) */
  hyetographs: Storm[];
}

/** What the design needs: the roofs, the rain, the orifice's constants and the diameters allowed. */
export interface DesignInput {
  roofs: RoutedRoof[];
  rain: DesignRain;
  cd: number;
  g: number;
  /** the first diameter (mm): the méthode des pluies head's, at least the minimum */
  start: number;
  minimum: number;
  /** the permit (m3/s, with its tolerance) */
  allowed: number;
  /** each roof's méthode des pluies critical duration (where its search starts), the site's (minutes) */
  criticals: number[];
  siteCritical: number;
  /** the longest duration of the Montana set's validity (minutes) */
  validityMax: number;
  /** false: the block rains alone (the benchmark's baseline for the storms' cost) */
  storms: boolean;
}

/** Whether a routing's worst rain, a roof's or the site's, is the longest one routed. */
function atTheEnd(r: Routed, longest: number): boolean {
  const end = longest * (1 - 1e-9);
  return r.minutes >= end || (r.roofs ?? []).some((x) => x.minutes >= end && x.volume > 0);
}

/** The Chicago and Desbordes storms of a design whose block rains run up to `longest` minutes. */
export function designStorms(input: DesignInput, longest: number): Storm[] {
  return [chicagoStorm(input.rain, longest), desbordesStorm(input.rain, input.siteCritical)];
}

/** Each storm routed through the roofs' orifices of `dMm` mm. */
function routeStorms(input: DesignInput, storms: Storm[], dMm: number) {
  const res = input.roofs.map((r) => limiterReservoir(r, dMm / 1000, input.cd, input.g));
  const areas = input.roofs.map((r) => r.surface * input.rain.ca);
  return storms.map((s) => routeStorm(res, areas, s));
}

/** The block rains' search for the largest diameter within the permit, from `first` (routed at input.start). */
function blockDiameter(
  input: DesignInput,
  first: Routed,
  range: [number, number],
): { dm: number; site: Routed } {
  const { roofs, rain, cd, g, allowed, minimum } = input;
  let dMm = input.start;
  if (!(first.outflow > allowed && dMm > minimum)) return { dm: dMm, site: first };
  // (Loops, not callbacks, on this path: tsx names every function it makes, ~0.2 us each, and the
  // routing check's time is held to the calculation's.)
  let last = first;
  const fits = (dm: number) => {
    const x = routeProject(roofs, dm / 1000, rain, cd, g, false, { site: last.peaks, above: allowed, range });
    if (x.complete) last = x;
    return x.complete && x.outflow <= allowed;
  };
  // a guess from Q ~ d^2, then step to the boundary
  let dm = Math.min(dMm - 1, Math.max(minimum, Math.floor(dMm * Math.sqrt(allowed / first.outflow))));
  if (fits(dm)) while (dm + 1 < dMm && fits(dm + 1)) dm += 1;
  else while (dm > minimum && !fits(dm)) dm -= 1;
  // each roof's peak, and the site's again from every group of roofs: it may find a peak of the site
  // that the diameter search, started from the last peaks, missed
  const hints = { roofs: first.roofs!.map((x) => x.minutes), range };
  let site = routeProject(roofs, dm / 1000, rain, cd, g, true, hints);
  while (site.outflow > allowed && dm > minimum) {
    dm -= 1;
    site = routeProject(roofs, dm / 1000, rain, cd, g, true, hints);
  }
  dMm = dm;
  return { dm: dMm, site };
}

/** Sizes the orifice on every design storm and routes each through it (see the module's header). */
export function routeDesign(input: DesignInput): RoutedDesign {
  const { roofs, rain, cd, g, allowed, minimum } = input;
  const range: [number, number] = [ROUTED_DURATIONS[0], Math.max(ROUTED_DURATIONS[1], input.validityMax)];
  for (let extensions = 0; ; extensions += 1) {
    const first = routeProject(roofs, input.start / 1000, rain, cd, g, true, {
      roofs: input.criticals,
      range,
    });
    if (atTheEnd(first, range[1]) && extensions < 12) {
      range[1] *= 2;
      continue;
    }
    let { dm, site } = blockDiameter(input, first, range);
    const hyetographs = input.storms ? designStorms(input, range[1]) : [];
    let storms = routeStorms(input, hyetographs, dm);
    if (storms.some((s) => s.outflow > allowed) && dm > minimum) {
      while (dm > minimum && routeStorms(input, hyetographs, dm - 1).some((s) => s.outflow > allowed))
        dm -= 1;
      dm = Math.max(minimum, dm - 1);
      storms = routeStorms(input, hyetographs, dm);
      site = routeProject(roofs, dm / 1000, rain, cd, g, true, {
        roofs: site.roofs!.map((x) => x.minutes),
        range,
      });
    }
    // a smaller orifice holds the water longer: the worst block rain may now be the longest routed
    if (atTheEnd(site, range[1]) && extensions < 12) {
      range[1] *= 2;
      continue;
    }
    const peaks: StormPeak[] = [
      {
        kind: 'block',
        minutes: site.minutes,
        intense: null,
        outflow: site.outflow,
        outflows: site.outflows,
        volumes: site.roofs!.map((x) => x.volume),
      },
      ...storms.map((s, i) => ({
        kind: hyetographs[i]!.kind,
        minutes: hyetographs[i]!.total_min,
        intense: hyetographs[i]!.intense_min,
        outflow: s.outflow,
        outflows: s.outflows,
        volumes: s.volumes,
      })),
    ];
    return { diameter: dm, range, block: site, storms: peaks, hyetographs };
  }
}
