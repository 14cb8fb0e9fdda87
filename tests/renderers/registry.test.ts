import { describe, expect, it } from 'vitest';
import { WIDGETS, widgetFor } from '../../renderers';

describe('widgetFor', () => {
  it('has a widget for every field kind', () => {
    for (const k of ['text', 'number', 'phone', 'email', 'select', 'boolean', 'dataSelect']) {
      expect(widgetFor(k)).toBe(WIDGETS[k as keyof typeof WIDGETS]);
    }
  });
  it('fails loud on an unknown kind, naming it', () => {
    expect(() => widgetFor('slider')).toThrow("No renderer for field kind 'slider'");
  });
});
