import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadBundle, type Bundle } from '../../engine';

/** API product type -> calculator bundle id (DESIGN.md section 4). */
export const PRODUCT_TYPES = { slowli: 'sl', skywater_manager: 'sm', smca: 'smca' } as const;
export type ProductType = keyof typeof PRODUCT_TYPES;

/** True when `t` is one of the API product types. */
export function isProductType(t: string): t is ProductType {
  return Object.hasOwn(PRODUCT_TYPES, t);
}

const bundles = new Map<string, Bundle>();

/** The bundle of a product type, read once from schemas/<id>/bundle.json (the one source of truth). */
export function bundleOfProduct(type: ProductType): Bundle {
  const id = PRODUCT_TYPES[type];
  let b = bundles.get(id);
  if (!b) {
    b = loadBundle(
      JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas', id, 'bundle.json'), 'utf8')),
    );
    bundles.set(id, b);
  }
  return b;
}
