/**
 * `{"postcode_in": [value, [[from, to], ...]]}`: true when the postcode (a string or number of digits,
 * spaces ignored) falls in one of the inclusive ranges, e.g. Paris [[75000, 75020]]. Anything that is
 * not all digits is outside every range.
 */
export function postcodeIn(value: unknown, ranges: unknown): boolean {
  const text =
    typeof value === 'number' ? String(value) : typeof value === 'string' ? value.replace(/\s/g, '') : '';
  if (!/^\d+$/.test(text) || !Array.isArray(ranges)) return false;
  const code = Number(text);
  return ranges.some(
    (r) =>
      Array.isArray(r) &&
      typeof r[0] === 'number' &&
      typeof r[1] === 'number' &&
      code >= r[0] &&
      code <= r[1],
  );
}
