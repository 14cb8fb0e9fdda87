/** vite.config.ts (calculatorFacts): each calculator folder's productType and locales, by folder name. */
declare module 'virtual:calculator-facts' {
  const facts: Readonly<Record<string, { productType: string; locales: string[] }>>;
  export default facts;
}
