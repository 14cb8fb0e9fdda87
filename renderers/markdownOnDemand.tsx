import { lazy, Suspense, type ComponentProps } from 'react';
import type { Markdown as LibraryMarkdown } from 'markdown-to-jsx/react';

/**
 * markdown-to-jsx's `Markdown`, downloaded the first time a form draws markdown. @rjsf/core imports it
 * for every form (markdown descriptions and help, `ui:enableMarkdownInDescription`, and a few of its own
 * messages), 31 KB gzip that no bundle of ours uses; rjsf's next major makes it opt-in (rjsf PR 5263).
 * vite.config.ts (markdownOnDemand) points rjsf's import here, and only rjsf's: a page whose forms
 * never draw markdown never downloads it, one that does gets the real library, its text shown plain
 * until it arrives.
 */
const Library = lazy(() => import('markdown-to-jsx/react').then((m) => ({ default: m.Markdown })));

type Props = ComponentProps<typeof LibraryMarkdown>;

export function Markdown(props: Props) {
  return (
    <Suspense fallback={props.children}>
      <Library {...props} />
    </Suspense>
  );
}

export default Markdown;
