import { describe, expect, it } from 'vitest';
import { samePreviewInput } from '../../engine';

const ignores = new Set(['client', 'roofs.*.name']);
const model = () => ({
  client: { name: 'Jeanne', email: 'j@example.fr' },
  project: { postcode: '75019' },
  roofs: [
    { name: 'A', surface: 100 },
    { name: 'B', surface: 50 },
  ],
});

describe('samePreviewInput', () => {
  it('holds when only ignored answers differ: the client, a roof name', () => {
    const b = model();
    b.client.email = 'autre@example.fr';
    b.roofs[1]!.name = 'B nord';
    expect(samePreviewInput(model(), b, ignores)).toBe(true);
  });

  it('fails when an answer the calculation reads differs, or a roof is added or removed', () => {
    const surface = model();
    surface.roofs[0]!.surface = 101;
    expect(samePreviewInput(model(), surface, ignores)).toBe(false);
    const postcode = model();
    postcode.project.postcode = '75020';
    expect(samePreviewInput(model(), postcode, ignores)).toBe(false);
    const added = model();
    added.roofs.push({ name: 'C', surface: 0 });
    expect(samePreviewInput(model(), added, ignores)).toBe(false);
    const fewer = model();
    fewer.roofs.pop();
    expect(samePreviewInput(model(), fewer, ignores)).toBe(false);
  });

  it('tells a missing answer from an empty one, and ignores nothing without a list', () => {
    const missing = model() as Record<string, unknown>;
    delete missing.project;
    expect(samePreviewInput(model(), missing, ignores)).toBe(false);
    const renamed = model();
    renamed.roofs[0]!.name = 'Z';
    expect(samePreviewInput(model(), renamed, new Set())).toBe(false);
  });
});
