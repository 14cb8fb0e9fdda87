import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadCalculator, loadEngineBundle } from '../../app/calculators';
import { FrameCtx, type Frame } from '../../app/frame';
import { LimitersView } from '../../app/results/LimitersView';
import { createI18n } from '../../words/i18n';
import type { Results } from '../../words/results';

/** Two roofs, one with Retentio recommended, one without. */
const results = {
  limiters: [
    {
      roof_name: 'Toiture A',
      count: 2,
      height_max: 40,
      height_total: 60,
      height_decaisse: 20,
      max_leakage: 1,
      recommended_retentio: true,
      roof_surface: 800,
      articles: [],
    },
    {
      roof_name: 'Toiture B',
      count: 1,
      height_max: 30,
      height_total: 50,
      height_decaisse: 20,
      max_leakage: 0.5,
      recommended_retentio: false,
      roof_surface: 400,
      articles: [],
    },
  ],
  max_leakage: 1.5,
  lsha: 10,
  max_volume: 20,
} as unknown as Results;

describe("the admin's sl results (issue 37.9)", () => {
  it('says Oui or Non in the Retentio column, never a blank cell', async () => {
    // the bundle's keyword validators registered, as the results page's loader has them
    await loadEngineBundle('sl');
    const calculator = await loadCalculator('sl');
    const i18n = createI18n(calculator.messages, 'fr');
    const frame = {
      calc: 'sl',
      calculator,
      i18n,
      t: (k: string, p?: Record<string, unknown>) => i18n.t(k, p ?? {}),
      locale: 'fr',
      config: null,
      admin: true,
      copyName: (n: string) => n,
    } as unknown as Frame;
    render(
      <FrameCtx.Provider value={frame}>
        <LimitersView r={results} quote />
      </FrameCtx.Provider>,
    );
    const table = screen.getAllByRole('table')[0]!;
    const column = within(table)
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'Retentio');
    expect(column).toBeGreaterThan(0);
    const cells = ['Toiture A', 'Toiture B'].map((name) => {
      const row = within(table).getByRole('row', { name: new RegExp(name) });
      return within(row).getAllByRole('cell').concat()[column - 1]?.textContent;
    });
    expect(cells).toEqual(['Oui', 'Non']);
  });
});
