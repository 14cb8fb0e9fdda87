import jsonLogic from 'json-logic-js';
import { between } from './between';
import { convertUnit } from './convertUnit';
import { compileRule } from './compileRule';
import { cycleIn } from './cycleIn';
import { groupSum } from './groupSum';
import { isEmail } from './isEmail';
import { isDigits } from './isDigits';
import { isEmpty } from './isEmpty';
import { isPhone } from './isPhone';
import { postcodeIn } from './postcodeIn';
import { pow } from './pow';
import { sumOf } from './sumOf';
import { uniqueIn } from './uniqueIn';

/** Our operators, added to json-logic: name -> implementation (each in its own file, with its own tests). */
export const OPERATORS: Record<string, (...args: never[]) => unknown> = {
  between,
  convert_unit: convertUnit,
  cycle_in: cycleIn,
  group_sum: groupSum,
  is_digits: isDigits,
  is_email: isEmail,
  is_empty: isEmpty,
  is_phone: isPhone,
  postcode_in: postcodeIn,
  pow,
  sum_of: sumOf,
  unique_in: uniqueIn,
};

/** json-logic's own operators. */
export const BUILTIN_OPERATORS: readonly string[] = [
  '==',
  '===',
  '!=',
  '!==',
  '>',
  '>=',
  '<',
  '<=',
  '!!',
  '!',
  '%',
  'log',
  'in',
  'cat',
  'substr',
  '+',
  '*',
  '-',
  '/',
  'min',
  'max',
  'merge',
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  'and',
  'or',
  'filter',
  'map',
  'reduce',
  'all',
  'none',
  'some',
];

for (const [name, fn] of Object.entries(OPERATORS)) {
  jsonLogic.add_operation(name, fn as (...args: unknown[]) => unknown);
}

/** Every operator a bundle may use. */
export const KNOWN_OPERATORS: ReadonlySet<string> = new Set([
  ...BUILTIN_OPERATORS,
  ...Object.keys(OPERATORS),
]);

/** A json-logic node `{ op: args }` or undefined when `rule` is a literal. */
export function operatorOf(rule: unknown): { op: string; args: unknown[] } | undefined {
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) return undefined;
  const keys = Object.keys(rule);
  if (keys.length !== 1) return undefined;
  const op = keys[0] as string;
  const raw = (rule as Record<string, unknown>)[op];
  return { op, args: Array.isArray(raw) ? raw : [raw] };
}

/**
 * Evaluates a json-logic rule against `data`; literals evaluate to themselves. The rule is made into a
 * function the first time (compileRule), answering as json-logic-js does.
 */
export function evaluate(rule: unknown, data: unknown): unknown {
  if (typeof rule !== 'object' || rule === null) return rule;
  return compileRule(rule, OPERATORS)(data);
}

/** json-logic truthiness (an empty array is false, unlike JavaScript). */
export function truthy(value: unknown): boolean {
  return jsonLogic.truthy(value);
}
