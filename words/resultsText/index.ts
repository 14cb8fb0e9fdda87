/**
 * The abattement results (their contract: server/calc/abattement/results.schema.json) as text for
 * reading: the summary table, the verdicts and the monthly tables, shared by the results page, the
 * Excel file and the PDF note so that all three say the same thing in the same words (the messages
 * files) and the same numbers: each figure written by its bundle's format (words/figures.ts; the formats
 * named in CONTRACT_FORMATS.abattement), in the project's unit system.
 *
 * Verdicts: ./verdicts.ts; tables: ./tables.ts.
 */
export * from './verdicts';
export * from './tables';
