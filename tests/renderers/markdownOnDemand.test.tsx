import { render, screen } from '@testing-library/react';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../../renderers/markdownOnDemand';
import config from '../../vite.config';

describe('markdown on demand (what rjsf draws as markdown)', () => {
  it('shows the text plain, then the real markdown-to-jsx once it has loaded', async () => {
    const { container } = render(
      <Markdown options={{ disableParsingRawHTML: true }}>{'**Toit** 2'}</Markdown>,
    );
    // the library is not there yet: the text itself, as written
    expect(container.textContent).toBe('**Toit** 2');
    expect(container.querySelector('strong')).toBeNull();
    // markdown-to-jsx arrived: the same text drawn as markdown
    expect((await screen.findByText('Toit')).tagName).toBe('STRONG');
    expect(container.textContent).toBe('Toit 2');
  });

  it("is what rjsf's import resolves to in the build, and rjsf's import only", () => {
    const plugin = (config.plugins ?? [])
      .flat()
      .find(
        (p): p is Plugin => !!p && typeof p === 'object' && 'name' in p && p.name === 'markdown-on-demand',
      );
    const resolve = plugin?.resolveId as (id: string, importer?: string) => string | undefined;
    const nm = join(import.meta.dirname, '..', '..', 'node_modules');
    const rjsf = join(nm, '@rjsf', 'core', 'lib', 'components', 'RichDescription.js');
    expect(resolve('markdown-to-jsx/react', rjsf)).toBe(
      join(import.meta.dirname, '..', '..', 'renderers', 'markdownOnDemand.tsx'),
    );
    // the module itself, and anyone else, get the library
    expect(resolve('markdown-to-jsx/react', join(import.meta.dirname, 'x.tsx'))).toBeUndefined();
    expect(resolve('markdown-to-jsx/react', join(nm, 'other', 'index.js'))).toBeUndefined();
    expect(resolve('fast-uri', rjsf)).toBeUndefined();
  });
});
