/** `{"between": [value, min, max]}`: true when value is a finite number with min <= value <= max. */
export function between(value: unknown, min: unknown, max: unknown): boolean {
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    typeof min === 'number' &&
    typeof max === 'number' &&
    value >= min &&
    value <= max
  );
}
