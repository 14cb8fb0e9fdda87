import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHints } from '../../server/pageHints';

/** A build's manifest as Vite writes it: the entry, the wizard's page, the engine, one calculator. */
function dist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hints-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-1.js', imports: ['_react-1.js'], css: ['assets/index-1.css'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_rjsf-1.js': { file: 'assets/rjsf-1.js', imports: ['_react-1.js'], css: ['assets/rjsf-1.css'] },
      'app/pages/CalculatorPage.tsx': { file: 'assets/CalculatorPage-1.js', imports: ['_rjsf-1.js'] },
      'app/engineReady.ts': { file: 'assets/engineReady-1.js' },
      'schemas/sl/bundle.json': { file: 'assets/bundle-1.js' },
      'schemas/sl/generated/validators.js': { file: 'assets/validators-1.js' },
      'schemas/sl/messages.fr.json': { file: 'assets/messages.fr-1.js' },
      'schemas/sl/messages.en.json': { file: 'assets/messages.en-1.js' },
      'schemas/common/messages.fr.json': { file: 'assets/messages.fr-2.js' },
      'schemas/sm/bundle.json': { file: 'assets/bundle-2.js' },
      'app/ssr/takeOver.tsx': { file: 'assets/takeOver-1.js', imports: ['_react-1.js', '_rjsf-1.js'] },
    }),
  );
  return dir;
}

describe("a wizard's page announces what its script will ask for (bench:open, issue 40)", () => {
  const hints = pageHints(dist(), [
    { id: 'sl', productType: 'slowli' },
    { id: 'sm', productType: 'skywater_manager' },
  ]);
  const hrefs = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
  /** sl's wizard: its stylesheet, its code, the engine's, the calculator's files */
  const WIZARD = [
    '/client/assets/rjsf-1.css',
    '/client/assets/CalculatorPage-1.js',
    '/client/assets/rjsf-1.js',
    '/client/assets/engineReady-1.js',
    '/client/assets/bundle-1.js',
    '/client/assets/validators-1.js',
    '/client/assets/messages.fr-1.js',
    '/client/assets/messages.fr-2.js',
  ];

  it("names the wizard's code, the engine, the calculator's files, the configuration and the project", () => {
    const html = hints('/client/sl/calculator/3', new URLSearchParams('id=a b'));
    expect(hrefs(html)).toEqual(['/api/config', '/api/slowli/project/a%20b', ...WIZARD]);
    // the entry's own chunks are announced by index.html already; scripts as modules, data as fetches
    expect(html).not.toContain('react-1.js');
    expect(html).not.toContain('index-1.css');
    // the wizard's stylesheet in the page: Vite's loader, finding it, does not ask for it after the code
    expect(html).toContain('<link rel="stylesheet" href="/client/assets/rjsf-1.css">');
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/config">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/client/assets/bundle-1.js">');
  });

  it('a page the server drew: its own code to take the page over, no data to fetch (it is in the page)', () => {
    const html = hints('/client/sl/calculator/3', new URLSearchParams('id=a'), true);
    expect(hrefs(html)).toEqual([...WIZARD, '/client/assets/takeOver-1.js']);
    // and only there
    expect(hints('/client/sl/calculator/3', new URLSearchParams('id=a'))).not.toContain('takeOver');
  });

  it('asks for no project without ?id=, and announces nothing on other pages or calculators', () => {
    expect(hrefs(hints('/client/sm/calculator', new URLSearchParams()))).not.toContain(
      '/api/skywater_manager/project/',
    );
    expect(hints('/client/sm/calculator', new URLSearchParams())).toContain('bundle-2.js');
    expect(hints('/client/sl/history', new URLSearchParams('id=x'))).toBe('');
    expect(hints('/client/nope/calculator', new URLSearchParams('id=x'))).toBe('');
  });

  it('announces nothing without a manifest (a build made without it)', () => {
    const empty = mkdtempSync(join(tmpdir(), 'hints-'));
    expect(
      pageHints(empty, [{ id: 'sl', productType: 'slowli' }])('/client/sl/calculator', new URLSearchParams()),
    ).toBe('');
  });
});
