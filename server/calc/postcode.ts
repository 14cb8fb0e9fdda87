/**
 * The département of a French postcode, as both calculators read it (sl's regional Montana sets, the
 * green roofs' stations): its first two digits, 2A (20000-20199) or 2B (20200-20699) in Corsica, three
 * digits overseas (97400: 974, La Réunion); null when it is not five digits.
 */
export function departmentOf(postcode: unknown): string | null {
  const text = String(postcode ?? '').replace(/\s/g, '');
  if (!/^\d{5}$/.test(text)) return null;
  const code = Number(text);
  if (code >= 20000 && code <= 20199) return '2A';
  if (code >= 20200 && code <= 20699) return '2B';
  return text.startsWith('97') ? text.slice(0, 3) : text.slice(0, 2);
}
