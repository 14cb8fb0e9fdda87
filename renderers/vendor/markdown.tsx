/**
 * What @rjsf/core takes from markdown-to-jsx (its `Markdown` component, used only when a field's
 * `ui:enableMarkdownInDescription` asks for it): the text as it is. Our bundles write labels, helps and
 * descriptions as message keys in plain text, so the 84 KB markdown parser stays out of the calculator
 * page (vite.config.ts aliases the import here).
 */
export function Markdown({ children }: { children?: React.ReactNode }) {
  return <>{children}</>;
}
