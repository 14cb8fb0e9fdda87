import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as carousel from '../../renderers/Carousel.stories';
import * as playground from '../../app/Playground.stories';
import * as editor from '../../renderers/BundleEditor.stories';
import * as timeline from '../../renderers/Timeline.stories';
import * as theme from '../../renderers/RjsfTheme.stories';
import * as number from '../../renderers/widgets/NumberWidget.stories';
import preview from '../../.storybook/preview';
import { flushSession } from '../../app/state/sessionWrites';
import { setProjectAnnotations } from '@storybook/react-vite';
import { ALL_MESSAGES } from '../../renderers/stories/messages';
import { WIDGETS } from '../../renderers/registry';
import { createI18n } from '../../words/i18n';

setProjectAnnotations(preview);

/** Every field kind's stories (each module shaped as the number's), found by their files ('Fields/<kind>'). */
const kinds = Object.fromEntries(
  Object.values(
    import.meta.glob<typeof number>('../../renderers/widgets/*Widget.stories.tsx', {
      eager: true,
    }),
  ).map((mod) => [String(mod.default.title).replace('Fields/', ''), mod]),
);

it('every field kind of the registry has its stories', () => {
  expect(Object.keys(kinds).sort()).toEqual(Object.keys(WIDGETS).sort());
});

describe.each(Object.entries(kinds))('field kind %s stories', (_, mod) => {
  const s = composeStories(mod);
  it("Filled shows the label in the reader's words", () => {
    const { container } = render(<s.Filled />);
    const key = s.Filled.args.field!.label;
    const label = createI18n(ALL_MESSAGES, 'fr').t(key);
    // the translated text, not the key, and not any text at all
    expect(label).not.toBe(key);
    expect(container.querySelector('.field-label')?.textContent).toContain(label);
  });
  it('Disabled disables the control', () => {
    const { container } = render(<s.Disabled />);
    const controls = container.querySelectorAll('input, select');
    expect(controls.length).toBeGreaterThan(0);
    controls.forEach((c) => expect(c).toBeDisabled());
  });
  it('HiddenByRule draws no field', () => {
    const { container } = render(<s.HiddenByRule />);
    expect(container.querySelector('.field')).toBeNull();
  });
  it('Severity1 shows the needed message', () => {
    render(<s.Severity1 />);
    expect(screen.getByRole('alert')).toHaveTextContent('Le champ est nécessaire.');
  });
  it('Severity2 shows the blocking message and marks the control invalid', () => {
    const { container } = render(<s.Severity2 />);
    expect(screen.getByRole('alert').textContent).toMatch(
      /Le champ est requis|Veuillez sélectionner une option valide\./,
    );
    if (!container.querySelector('[role=radiogroup]'))
      expect(container.querySelector('[aria-invalid=true]')).not.toBeNull();
  });
  it('Advice says its words beside the field, which stays valid, without an alert', () => {
    const { container } = render(<s.Advice />);
    expect(screen.getByRole('status')).toHaveTextContent(/^Plus de pluie à retenir/);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('[aria-invalid=true]')).toBeNull();
  });
  it('Empty holds no answer, where Filled holds its value', () => {
    /** what a control shows as its answer: a text, a list's chosen option, the radio checked, the rain used */
    const answer = (container: HTMLElement): string => {
      const rain = container.querySelector('.rain-source');
      if (rain) return rain.textContent ?? '';
      const select = container.querySelector('select');
      if (select) return select.selectedOptions[0]?.value ?? '';
      const checked = container.querySelector<HTMLInputElement>('input[type=radio]:checked');
      if (container.querySelector('input[type=radio]')) return checked?.closest('label')?.textContent ?? '';
      return container.querySelector('input')!.value;
    };
    const empty = render(<s.Empty />).container;
    const filled = render(<s.Filled />).container;
    expect(answer(filled)).not.toBe(answer(empty));
    expect(answer(filled)).not.toBe('');
  });
});

describe('number field in imperial units', () => {
  it('shows inches', () => {
    const s = composeStories(number);
    render(<s.Imperial />);
    expect(screen.getByRole('textbox')).toHaveValue('4');
    expect(screen.getByText('po')).toBeInTheDocument();
  });
});

describe('carousel stories', () => {
  const s = composeStories(carousel);
  it('one card: the menu offers Duplicate but not Delete', () => {
    render(<s.OneCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Options de la carte' }));
    expect(screen.getByRole('menuitem', { name: 'Dupliquer' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Supprimer' })).toBeNull();
  });
  it('seven cards: three per page, the last page full, adding offered on every page', () => {
    render(<s.SevenCards />);
    const titles = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles()).toHaveLength(3);
    expect(screen.getByRole('button', { name: /Ajouter une toiture/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cartes suivantes' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cartes suivantes' }));
    expect(titles()).toEqual(['Toiture 5 (Toiture E)', 'Toiture 6 (Toiture F)', 'Toiture 7 (Toiture G)']);
    expect(screen.getByText('Page 3 sur 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cartes suivantes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Ajouter une toiture/ })).toBeInTheDocument();
  });
});

describe('timeline stories', () => {
  const s = composeStories(timeline);
  it('a new project can only be on its first step', () => {
    render(<s.NewProject />);
    const steps = within(screen.getByRole('navigation')).getAllByRole('button');
    expect(steps).toHaveLength(5);
    expect(steps[1]).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('playground stories', () => {
  const s = composeStories(playground);
  it.each(Object.keys(s))('%s renders its step heading', (name) => {
    const Story = s[name as keyof typeof s];
    render(<Story />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toMatch(/\S/);
  });
  it("drives the app's wizard atoms: an answer typed is kept where the app keeps it", async () => {
    sessionStorage.clear();
    render(<s.FlowLimiter />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Nom' }), { target: { value: 'Typed in a story' } });
    await waitFor(() => {
      flushSession();
      expect(JSON.parse(sessionStorage.getItem('sl_form') ?? '{}')).toMatchObject({
        client: { name: 'Typed in a story' },
      });
    });
  });
  it('the English smca roofs show English labels', () => {
    render(<s.CanadaRoofsEnglish />);
    expect(screen.getAllByText('Growing medium').length).toBeGreaterThan(0);
  });
  it('the imperial smca roofs show inches and square feet', () => {
    render(<s.CanadaRoofsImperial />);
    expect(screen.getAllByText('pi²').length).toBeGreaterThan(0);
    expect(screen.getAllByText('po').length).toBeGreaterThan(0);
  });
});

describe('bundle editor story', () => {
  const s = composeStories(editor);
  const json = () => screen.getByRole('textbox', { name: /Step 2 JSON/ }) as HTMLTextAreaElement;
  type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  const edit = (change: (step: Json) => void) => {
    const step = JSON.parse(json().value) as Json;
    change(step);
    fireEvent.change(json(), { target: { value: JSON.stringify(step) } });
  };
  it('re-renders the step from the edited JSON, with the new rule’s message', () => {
    render(<s.FlowLimiterRoofs />);
    expect(screen.queryByText(/au maximum 100/)).toBeNull();
    // The base project's roof is 1200 m²: a maximum of 100 makes it wrong at once.
    edit((step) => {
      step.schema.properties.surface.maximum = 100;
    });
    expect(screen.getAllByRole('alert').some((a) => /100/.test(a.textContent ?? ''))).toBe(true);
  });
  it('lists a mistake with its pointer and a hint instead of the step', () => {
    render(<s.FlowLimiterRoofs />);
    edit((step) => {
      step.totals[0].value = { sum_off: [{ var: 'form.roofs' }, 'surface'] };
    });
    expect(screen.getByRole('alert', { name: 'Problems' })).toHaveTextContent(
      "/steps/2/totals/0/value: unknown json-logic operator 'sum_off' — did you mean 'sum_of'?",
    );
  });
});

describe('rjsf core widgets in place of ours (the theme contract)', () => {
  const s = composeStories(theme);
  it.each(['FlowLimiterRoof', 'AbattementSite', 'CanadaRoof'] as const)(
    '%s: draws the step with rjsf core widgets, and an edit reaches the engine',
    (name) => {
      const Story = s[name];
      const { container } = render(<Story />);
      // rjsf's core TextWidget (class form-control), not ours (class field-input)
      expect(container.querySelector('input.form-control')).not.toBeNull();
      expect(container.querySelector('.field-input')).toBeNull();
      // a title from the bundle's uiSchema, translated
      expect(container.querySelector('label')?.textContent).toMatch(/\S/);
      expect(container.textContent).not.toMatch(/\b(sl|sm|smca)\.[a-z_]+\.[a-z_]+/);
    },
  );
  it('shows the engine message of a value the bundle refuses, through rjsf', () => {
    const { container } = render(<s.FlowLimiterRoof />);
    const surface = container.querySelector<HTMLInputElement>('#Toiture-0_surface')!;
    expect(surface).toHaveClass('form-control');
    fireEvent.change(surface, { target: { value: '-5' } });
    expect(container.querySelector('.error-detail')).toHaveTextContent(/0/);
  });
});
