import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it is and fails on any serious or critical
 * violation, listing each with the elements it concerns. With `all`, axe's best practices too (landmarks,
 * heading order, empty table headers) and every impact, minor included: the accessibility suite's bar.
 * Evaluated through the browser's protocol, so the page's CSP (scripts from 'self' only) stays as it is.
 */
export async function expectAccessible(
  page: Page,
  where: string,
  opts: { all?: boolean } = {},
): Promise<void> {
  await page.evaluate(axeSource);
  const all = opts.all === true;
  const violations = await page.evaluate(async (all) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            c: unknown,
            o: unknown,
          ) => Promise<{
            violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[];
          }>;
        };
      }
    ).axe;
    const r = await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', ...(all ? ['best-practice'] : [])],
      },
    });
    return r.violations
      .filter((v) => all || v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  }, all);
  (all ? expect.soft : expect)(violations, where).toEqual([]);
}
