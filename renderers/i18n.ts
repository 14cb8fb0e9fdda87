import i18next, { type i18n } from 'i18next';

/** Message files of one locale: the common file first, then the calculator's (later ones win). */
export type Messages = Record<string, Record<string, unknown>[]>;

/**
 * An i18next instance over the given message files, synchronous (resources inline), `{{x}}`
 * interpolation without HTML escaping (React escapes), falling back to English then French.
 */
export function createI18n(messages: Messages, lng: string): i18n {
  const inst = i18next.createInstance();
  const resources = Object.fromEntries(
    Object.entries(messages).map(([locale, files]) => [
      locale,
      { translation: files.reduce<Record<string, unknown>>((acc, f) => deepMerge(acc, f), {}) },
    ]),
  );
  void inst.init({
    lng,
    fallbackLng: ['en', 'fr'],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return inst;
}

function deepMerge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && cur && typeof cur === 'object'
        ? deepMerge(cur as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}
