import { prepareBundle, type Bundle } from '../engine';
import type { Messages } from '../renderers';

/** A calculator as the app needs it: its bundle and its message files per locale. */
export interface Calculator {
  bundle: Bundle;
  messages: Messages;
}

type Json = Record<string, unknown>;
const json = (m: { default: unknown }): Json => m.default as Json;

/**
 * Each calculator's bundle and messages, loaded on demand so a page downloads only its own calculator.
 * Adding a calculator is adding a folder under schemas/ and a line here.
 */
const LOADERS: Record<string, () => Promise<Calculator>> = {
  sl: async () => {
    const [b, common, fr] = await Promise.all([
      import('../schemas/sl/bundle.json'),
      import('../schemas/common/messages.fr.json'),
      import('../schemas/sl/messages.fr.json'),
    ]);
    return { bundle: prepareBundle(json(b)), messages: { fr: [json(common), json(fr)] } };
  },
  sm: async () => {
    const [b, common, fr] = await Promise.all([
      import('../schemas/sm/bundle.json'),
      import('../schemas/common/messages.fr.json'),
      import('../schemas/sm/messages.fr.json'),
    ]);
    return { bundle: prepareBundle(json(b)), messages: { fr: [json(common), json(fr)] } };
  },
  smca: async () => {
    const [b, commonFr, commonEn, fr, en] = await Promise.all([
      import('../schemas/smca/bundle.json'),
      import('../schemas/common/messages.fr.json'),
      import('../schemas/common/messages.en.json'),
      import('../schemas/smca/messages.fr.json'),
      import('../schemas/smca/messages.en.json'),
    ]);
    return {
      bundle: prepareBundle(json(b)),
      messages: { fr: [json(commonFr), json(fr)], en: [json(commonEn), json(en)] },
    };
  },
};

/** Calculator ids the app knows (route prefixes). */
export const CALCULATOR_IDS: readonly string[] = Object.keys(LOADERS);

const cache = new Map<string, Promise<Calculator>>();

/** Loads a calculator by id (once); an unknown id is refused. */
export function loadCalculator(id: string): Promise<Calculator> {
  const loader = LOADERS[id];
  if (!loader) return Promise.reject(new Error(`unknown calculator '${id}'`));
  let p = cache.get(id);
  if (!p) {
    p = loader();
    cache.set(id, p);
  }
  return p;
}
