import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../schemas');
/** Every calculator's messages files: [calculator, locale, messages]. */
const files = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'common')
  .flatMap((d) =>
    readdirSync(join(root, d.name))
      .filter((f) => /^messages\.\w+\.json$/.test(f))
      .map(
        (f) => [d.name, f.split('.')[1]!, JSON.parse(readFileSync(join(root, d.name, f), 'utf8'))] as const,
      ),
  );

/** The steps' names: each step's heading and its short name in the timeline. */
function stepNames(messages: unknown): { step: string; title: string; tab: string }[] {
  const found: { step: string; title: string; tab: string }[] = [];
  const walk = (o: unknown, at: string) => {
    if (typeof o !== 'object' || o === null) return;
    const r = o as Record<string, unknown>;
    if (typeof r.title === 'string' && typeof r.tab === 'string')
      found.push({ step: at, title: r.title, tab: r.tab });
    for (const [k, v] of Object.entries(r)) walk(v, `${at}.${k}`);
  };
  walk(messages, '');
  return found;
}

const words = (text: string) =>
  text
    .toLocaleLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);

describe("a step's timeline name agrees with its heading (issue 37.9: 'Flow' beside 'Spills')", () => {
  it.each(files)('%s (%s)', (_, __, messages) => {
    const names = stepNames(messages);
    expect(names.length).toBeGreaterThan(0);
    // the timeline's word is one of the heading's (singular or plural: 'Roof' and 'Roofs', 'Sol' and 'Surfaces au sol')
    const disagree = names.filter(({ title, tab }) =>
      words(tab).some((w) => !words(title).some((t) => t.startsWith(w.slice(0, 4)) || w.startsWith(t))),
    );
    expect(disagree).toEqual([]);
  });
});
