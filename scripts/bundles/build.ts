/**
 * npm run bundles:build [folder…] — writes the precompiled validators of every calculator folder
 * (schemas/*, those under EXTRA_BUNDLES, or the folders given) into <folder>/generated/: one ES module per
 * step, compiled by @rjsf/validator-ajv8's compileSchemaValidators. Run it after editing a bundle's
 * schema; npm run bundles:check fails while a written validator differs from its bundle.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadBundle } from '../../engine';
import { foldersIn } from './check';
import { GENERATED, validatorModules } from './validators';

const args = process.argv.slice(2);
const folders = args.length
  ? args.map((a) => resolve(a))
  : [
      ...foldersIn(resolve(import.meta.dirname, '../../schemas')),
      ...(process.env.EXTRA_BUNDLES ? foldersIn(resolve(process.env.EXTRA_BUNDLES)) : []),
    ];
for (const dir of folders) {
  const bundle = loadBundle(JSON.parse(readFileSync(join(dir, 'bundle.json'), 'utf8')));
  const out = join(dir, GENERATED);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const files = validatorModules(bundle);
  for (const [name, text] of files) writeFileSync(join(out, name), text);
  console.log(`✓ ${out}: ${files.size} file(s)`);
}
