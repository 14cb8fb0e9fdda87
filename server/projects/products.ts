import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { loadBundle, registerValidators, type Bundle } from '../../engine';

const requireModule = createRequire(import.meta.url);

/** The calculators' folders: schemas/ beside the code, and EXTRA_BUNDLES when set (DESIGN.md section 4). */
export const SCHEMAS_DIR = join(import.meta.dirname, '../../schemas');

/** An API product type (/api/{type}/...): the `productType` of a calculator's bundle. */
export type ProductType = string;

/** A calculator found on disk: its bundle and the folder holding its messages. */
export interface Product {
  bundle: Bundle;
  dir: string;
}

let registry: Map<ProductType, Product> | undefined;

/** Every folder of `root` holding a bundle.json, loaded and checked (a bad bundle stops the server). */
function scan(root: string, into: Map<ProductType, Product>): void {
  if (!existsSync(root)) return;
  for (const name of readdirSync(root).sort()) {
    const dir = join(root, name);
    const file = join(dir, 'bundle.json');
    if (!existsSync(file)) continue;
    const bundle = loadBundle(JSON.parse(readFileSync(file, 'utf8')));
    // The validators the page runs, precompiled by npm run bundles:build: the server checks a project
    // before a calculation with the very same functions.
    const validators = join(dir, 'generated', 'validators.js');
    if (existsSync(validators)) registerValidators(requireModule(validators) as Record<string, unknown>);
    if (bundle.id !== name) throw new Error(`${file}: its id '${bundle.id}' is not its folder's name`);
    const twin = into.get(bundle.productType);
    if (twin) throw new Error(`${file}: product type '${bundle.productType}' is also ${twin.bundle.id}'s`);
    into.set(bundle.productType, { bundle, dir });
  }
}

/** The calculators, found once by listing schemas/ and the EXTRA_BUNDLES folder. */
export function products(): Map<ProductType, Product> {
  if (!registry) {
    registry = new Map();
    scan(SCHEMAS_DIR, registry);
    if (process.env.EXTRA_BUNDLES) scan(resolve(process.env.EXTRA_BUNDLES), registry);
  }
  return registry;
}

/** True when `t` is the product type of a calculator. */
export function isProductType(t: string): t is ProductType {
  return products().has(t);
}

/** The bundle of a product type. */
export function bundleOfProduct(type: ProductType): Bundle {
  const p = products().get(type);
  if (!p) throw new Error(`unknown product type '${type}'`);
  return p.bundle;
}

/** The folder of a product type's calculator (its messages files). */
export function dirOfProduct(type: ProductType): string {
  return products().get(type)!.dir;
}

/** The bundles of the calculators a deployment mode offers, in their rank order. */
export function bundlesOf(mode: string): Bundle[] {
  return [...products().values()]
    .map((p) => p.bundle)
    .filter((b) => b.modes.includes(mode))
    .sort((a, b) => a.rank - b.rank);
}
