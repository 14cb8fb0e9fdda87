import { describe, expect, it } from 'vitest';
import { postcodeIn } from '../../../engine/rules/postcodeIn';

const PARIS = [[75000, 75020]];

describe('postcode_in', () => {
  it('accepts Paris postcodes as strings or numbers, bounds included', () => {
    expect(postcodeIn('75000', PARIS)).toBe(true);
    expect(postcodeIn('75 011', PARIS)).toBe(true);
    expect(postcodeIn(75020, PARIS)).toBe(true);
  });
  it('refuses neighbouring postcodes', () => {
    expect(postcodeIn('75021', PARIS)).toBe(false);
    expect(postcodeIn('92100', PARIS)).toBe(false);
  });
  it('refuses text that is not a number and bad range lists', () => {
    expect(postcodeIn('M5V 2T6', PARIS)).toBe(false);
    expect(postcodeIn('75001', 'paris')).toBe(false);
    expect(postcodeIn(null, PARIS)).toBe(false);
  });
  it('checks several ranges', () => {
    expect(
      postcodeIn('69003', [
        [75000, 75020],
        [69001, 69009],
      ]),
    ).toBe(true);
  });
});
