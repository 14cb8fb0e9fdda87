/**
 * Writing EPA SWMM 5.2 input files (.inp): the text format of SWMM's user manual (sections in square
 * brackets, one object a line, fields separated by spaces, ';' starting a comment; the keywords are those
 * of SWMM's src/solver/keywords.c). Shared by the calculations that export their design as a SWMM model
 * (issue 39): each builds its sections, this file lays them out.
 *
 * A comment line just before an object's line is the description SWMM's editor shows for it, so each
 * object may carry one; the title holds at most three lines (SWMM keeps no more).
 */

/** One object's line: its fields, and a description written as a comment line above it. */
export interface InpRow {
  fields: (string | number)[];
  comment?: string;
}

/** A section: its name (without brackets), the column titles written as SWMM's editor writes them, the rows. */
export interface InpSection {
  name: string;
  columns?: string[];
  rows: InpRow[];
  /** comment lines written under the section's name */
  notes?: string[];
}

/** A number as SWMM reads it: plain decimals, at most `digits` significant (never an exponent). */
export function inpNumber(x: number, digits = 8): string {
  if (!Number.isFinite(x)) throw new Error(`not a finite number: ${x}`);
  if (x === 0) return '0';
  const decimals = Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(x))));
  const text = x.toFixed(Math.min(decimals, 15));
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A time from the simulation's start as SWMM's H:MM:SS (hours beyond 24 allowed). */
export function inpClock(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
}

/**
 * A text for a comment or a title line: one line, no ';' (SWMM would cut the line there): a comma
 * instead, without the space French writes before a semicolon (else "mm , Interval").
 */
export function inpText(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[ \u00a0\u202f]*;/g, ',')
    .trim();
}

/** The input file: the title's lines, then each section with its rows in aligned columns. */
export function inpFile(title: string[], sections: InpSection[]): string {
  // a title line that starts with '[' is read by SWMM as a section's name (ERROR 205, the model refused):
  // a project named "[Bâtiment B] Toiture" keeps its words, in parentheses
  const titleLine = (t: string) => inpText(t).replace(/^\[([^\]]*)\]?/, (_, inner: string) => `(${inner})`);
  const out: string[] = ['[TITLE]', ';;Project Title/Notes', ...title.slice(0, 3).map(titleLine), ''];
  for (const section of sections) {
    out.push(`[${section.name}]`);
    for (const note of section.notes ?? []) out.push(`;;${inpText(note)}`);
    const rows = section.rows.map((r) => r.fields.map((f) => (typeof f === 'number' ? inpNumber(f) : f)));
    const widths: number[] = [];
    for (const cells of [section.columns ?? [], ...rows])
      cells.forEach((c, i) => (widths[i] = Math.max(widths[i] ?? 0, c.length + (i === 0 ? 2 : 0))));
    const line = (cells: string[]) =>
      cells
        .map((c, i) => (i < cells.length - 1 ? c.padEnd(widths[i]!) : c))
        .join(' ')
        .trimEnd();
    if (section.columns) out.push(line([`;;${section.columns[0]}`, ...section.columns.slice(1)]));
    section.rows.forEach((r, i) => {
      if (r.comment) out.push(`;${inpText(r.comment)}`);
      out.push(line(rows[i]!));
    });
    out.push('');
  }
  return out.join('\n');
}
