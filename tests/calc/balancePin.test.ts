import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PIN_CASES, compareOutputs, pinOutputs } from './balanceNetwork';

// The balance's outputs as method 3.0 wrote them (see balanceNetwork.ts): a change to its speed must leave
// every figure the same to 1e-9 (relative).
const pinned = JSON.parse(readFileSync(new URL('./fixtures/balance-pin.json', import.meta.url), 'utf8')) as {
  station: string;
  target: number;
  outputs: unknown;
}[];

describe('the daily water balance of 20 roofs and 5 grounds over 100 years', () => {
  it('covers both pinned stations', () => {
    expect(pinned.map((p) => p.station)).toEqual(PIN_CASES.map((c) => c.station));
  });
  for (const c of PIN_CASES) {
    it(`gives at ${c.station} (target ${c.target} mm) the figures pinned for method 3.0`, () => {
      const errors: string[] = [];
      compareOutputs(
        pinOutputs(c.station, c.target),
        pinned.find((p) => p.station === c.station)!.outputs,
        c.station,
        errors,
      );
      expect(errors.slice(0, 5)).toEqual([]);
    });
  }
});
