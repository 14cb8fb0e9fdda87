import { render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { RenderCtx } from '../../renderers';
import { FieldStory, fieldState } from '../../renderers/stories/fieldStories';
import type { FieldKind } from '../../engine';

/** What the user meets for each field kind: the control's role and what tells it apart. */
const EXPECTED: Record<FieldKind, (el: HTMLElement) => void> = {
  text: (el) => expect(el).toMatchObject({ tagName: 'INPUT', type: 'text', inputMode: '' }),
  number: (el) => expect(el).toMatchObject({ tagName: 'INPUT', inputMode: 'decimal' }),
  phone: (el) => expect(el).toMatchObject({ tagName: 'INPUT', type: 'tel' }),
  email: (el) => expect(el).toMatchObject({ tagName: 'INPUT', type: 'email' }),
  select: (el) => expect(el.tagName).toBe('SELECT'),
  dataSelect: (el) => expect(el.tagName).toBe('SELECT'),
  rainSeries: (el) => expect(el).toMatchObject({ tagName: 'INPUT', type: 'file', multiple: true }),
  boolean: (el) => expect(el).toMatchObject({ tagName: 'INPUT', type: 'radio' }),
};

describe('the widgets registered by field kind', () => {
  it.each(Object.keys(EXPECTED) as FieldKind[])('draws a %s field with its own control', (kind) => {
    const field = fieldState(kind);
    render(
      createElement(
        RenderCtx.Provider,
        { value: { t: (k: string) => k, onEdit: () => undefined } },
        createElement(FieldStory, { field }),
      ),
    );
    // drawn by rjsf's Form of the card, through the widget registered under the kind's name (WIDGETS)
    const control = document.getElementById(`story_${kind}`) ?? screen.getAllByRole('radio')[0]!;
    EXPECTED[kind](control);
  });
});
