import Ajv, { type ErrorObject } from 'ajv';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { collectProblems, compileValidatorsOnDemand, didYouMean, LOCALES, type Bundle } from '../../engine';
import metaSchema from '../../schemas/bundle.schema.json';
import { checkCase, loadFixtures } from './fixtures';
import { allKeys, ENGINE_KEYS, hasKey, keysOf } from './keys';
import { staleModules } from './validators';
import { CONTRACT_FORMATS } from '../../words/results';

/** One thing wrong with a calculator folder: the file, the JSON pointer in it, what, and a hint. */
export interface Problem {
  file: string;
  pointer: string;
  message: string;
  hint?: string;
}

/** The common messages (schemas/common), shared by every calculator. */
export const COMMON_DIR = join(import.meta.dirname, '../../schemas/common');

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const validateMeta = new Ajv({ allErrors: true, strict: false }).compile<Bundle>(metaSchema);
// the fixtures run the bundle as it is on disk, written validators or not (those are checked apart)
compileValidatorsOnDemand();

/** A file of the folder, as the problems name it (relative to the working directory). */
type FileName = (name: string) => string;

/**
 * Checks a calculator folder as `npm run bundles:check` does: the bundle against the meta-schema
 * (every error), the semantic checks of the engine (every problem); then the id against the folder, the
 * formats its calculation writes with, each message key in every locale, the validators written for the
 * page, and every fixture. Nothing stops at the first problem of a stage.
 */
export function checkFolder(dir: string): Problem[] {
  const file: FileName = (name) => relative(process.cwd(), join(dir, name)) || name;
  let json: unknown;
  try {
    json = readJson(join(dir, 'bundle.json'));
  } catch (e) {
    return [{ file: file('bundle.json'), pointer: '', message: (e as Error).message }];
  }
  if (!validateMeta(json)) return metaProblems(validateMeta.errors ?? [], file);
  const engine = engineProblems(json, file);
  if (engine.length) return engine;
  return [
    ...identityProblems(json, dir, file),
    ...messageProblems(json, dir, file),
    // The page validates with the modules npm run bundles:build wrote: they must be this bundle's.
    ...staleModules(json, dir).map((stale) => ({
      file: file(stale.split(' ')[0]!),
      pointer: '',
      message: stale,
      hint: 'run npm run bundles:build',
    })),
    ...fixtureProblems(json, dir, file),
  ];
}

/** The closest of `known` to `name`, as a problem's hint, or nothing. */
function hintOf(name: string, known: string[]): { hint?: string } {
  const hint = didYouMean(name, known);
  return hint ? { hint } : {};
}

/** Every error of the meta-schema's validation, with the allowed values or the unknown property. */
function metaProblems(errors: ErrorObject[], file: FileName): Problem[] {
  return errors.map((e) => {
    const p = e.params as {
      additionalProperty?: string;
      allowedValues?: unknown[];
      missingProperty?: string;
    };
    const hint = p.allowedValues
      ? `one of ${p.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`
      : p.additionalProperty
        ? `remove '${p.additionalProperty}' or check its spelling in schemas/bundle.schema.json`
        : undefined;
    return {
      file: file('bundle.json'),
      pointer: e.instancePath,
      message: e.message ?? 'invalid',
      ...(hint ? { hint } : {}),
    };
  });
}

/** The engine's semantic checks (rules naming fields that exist, and the like). */
function engineProblems(bundle: Bundle, file: FileName): Problem[] {
  return collectProblems(bundle).map((e) => ({
    file: file('bundle.json'),
    pointer: e.pointer,
    message: e.reason,
    ...(e.hint ? { hint: e.hint } : {}),
  }));
}

/** The id against the folder's name, and the formats its calculation's own texts write with. */
function identityProblems(bundle: Bundle, dir: string, file: FileName): Problem[] {
  const problems: Problem[] = [];
  const name = dir.split(/[\\/]/).filter(Boolean).pop();
  if (bundle.id !== name)
    problems.push({
      file: file('bundle.json'),
      pointer: '/id',
      message: `the id '${bundle.id}' is not the folder's name '${name}'`,
      hint: `rename the folder or set "id": "${name}"`,
    });
  // the formats its calculation's own texts write with (the summary table, the note's cover)
  const formats = Object.keys(bundle.figures.formats);
  for (const name of CONTRACT_FORMATS[bundle.results.calculation] ?? [])
    if (!formats.includes(name))
      problems.push({
        file: file('bundle.json'),
        pointer: '/figures/formats',
        message: `no format '${name}': the ${bundle.results.calculation} calculation's texts write with it`,
        ...hintOf(name, formats),
      });
  return problems;
}

/**
 * Each message key in each of its languages and of those its notes are read in (a messages file beyond
 * them: the verification page), in its own messages or the common ones; the engine's keys in the common.
 */
function messageProblems(bundle: Bundle, dir: string, file: FileName): Problem[] {
  const problems: Problem[] = [];
  const reading = LOCALES.filter(
    (l) => !bundle.locales.includes(l) && existsSync(join(dir, `messages.${l}.json`)),
  );
  for (const locale of [...bundle.locales, ...reading]) {
    const own = join(dir, `messages.${locale}.json`);
    if (!existsSync(own)) {
      problems.push({ file: file(`messages.${locale}.json`), pointer: '', message: 'missing messages file' });
      continue;
    }
    const messages = readJson(own);
    const common = readJson(join(COMMON_DIR, `messages.${locale}.json`));
    const known = [...allKeys(messages), ...allKeys(common)];
    for (const [key, at] of keysOf(bundle))
      if (!hasKey(messages, key) && !hasKey(common, key))
        problems.push({
          file: file('bundle.json'),
          pointer: at,
          message: `message key '${key}' is missing from messages.${locale}.json`,
          ...hintOf(key, known),
        });
    for (const key of ENGINE_KEYS)
      if (!hasKey(common, key))
        problems.push({
          file: file(`messages.${locale}.json`),
          pointer: '',
          message: `engine key '${key}' is missing`,
        });
  }
  return problems;
}

/** At least one fixture, and every case of every fixture run against the bundle. */
function fixtureProblems(bundle: Bundle, dir: string, file: FileName): Problem[] {
  const problems: Problem[] = [];
  let fixtures: ReturnType<typeof loadFixtures> = {};
  try {
    fixtures = loadFixtures(dir);
  } catch (e) {
    problems.push({ file: file('fixtures'), pointer: '', message: (e as Error).message });
  }
  if (!Object.keys(fixtures).length)
    problems.push({
      file: file('fixtures'),
      pointer: '',
      message: 'no fixture: every rule needs a case that pins it',
      hint: 'see schemas/README.md, "A fixture"',
    });
  for (const [name, f] of Object.entries(fixtures))
    f.cases.forEach((c, i) => {
      let failures: string[];
      try {
        failures = checkCase(bundle, dir, c);
      } catch (e) {
        failures = [(e as Error).message];
      }
      for (const failure of failures)
        problems.push({
          file: file(join('fixtures', name)),
          pointer: `/cases/${i}`,
          message: `"${c.rule}": ${failure}`,
        });
    });
  return problems;
}

/** The calculator folders under a root (those holding a bundle.json). */
export function foldersIn(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort()
    .map((d) => join(root, d))
    .filter((d) => existsSync(join(d, 'bundle.json')));
}
