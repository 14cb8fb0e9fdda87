/**
 * npm run bundles:check [folder…] — checks every calculator folder (schemas/*, and those under
 * EXTRA_BUNDLES; or the folders given) and prints each problem with its file, JSON pointer and a hint.
 * Exit code 1 when there is any problem. See schemas/README.md.
 */
import { resolve } from 'node:path';
import { checkFolder, foldersIn } from './check';

const started = performance.now();
const args = process.argv.slice(2);
const folders = args.length
  ? args.map((a) => resolve(a))
  : [
      ...foldersIn(resolve(import.meta.dirname, '../../schemas')),
      ...(process.env.EXTRA_BUNDLES ? foldersIn(resolve(process.env.EXTRA_BUNDLES)) : []),
    ];
let count = 0;
for (const dir of folders) {
  const problems = checkFolder(dir);
  count += problems.length;
  console.log(
    `${problems.length ? '✗' : '✓'} ${dir}${problems.length ? `: ${problems.length} problem(s)` : ''}`,
  );
  for (const p of problems)
    console.log(
      `  ${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}${p.hint ? `\n    hint: ${p.hint}` : ''}`,
    );
}
console.log(
  `${folders.length} calculator(s), ${count} problem(s), ${Math.round(performance.now() - started)} ms`,
);
process.exit(count ? 1 : 0);
