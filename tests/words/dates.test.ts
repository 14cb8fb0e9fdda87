import { describe, expect, it } from 'vitest';
import { dateText, dateTimeText, monthNames } from '../../words/dates';

/** Noon UTC: the same day in every time zone the machine may run in. */
const NOON = '2026-11-25T12:00:00Z';

describe('dates in the reader language', () => {
  it('keeps a calendar day (an issued note\'s "2026-11-25") the same day west of UTC', () => {
    // A reader in Toronto: a moment of 03:00 UTC is still the day before there, a calendar day is not.
    expect(dateText('2026-11-25T03:00:00Z', 'fr', 'America/Toronto')).toBe('24 novembre 2026');
    expect(dateText('2026-11-25', 'fr', 'America/Toronto')).toBe('25 novembre 2026');
    expect(dateText('2026-11-25', 'en', 'America/Toronto')).toBe('November 25, 2026');
    expect(dateTimeText('2026-11-25T03:00:00Z', 'fr', 'America/Toronto')).toBe('24/11/2026 22:00');
  });

  it('writes a day in French and in English', () => {
    expect(dateText(NOON, 'fr')).toBe('25 novembre 2026');
    expect(dateText(NOON, 'en')).toBe('November 25, 2026');
    expect(dateText(new Date(NOON), 'fr')).toBe('25 novembre 2026');
  });

  it('writes a moment with its time as each language does', () => {
    expect(dateTimeText(NOON, 'fr')).toMatch(/^25\/11\/2026 \d{2}:\d{2}$/);
    expect(dateTimeText(NOON, 'en')).toMatch(/^11\/25\/26, \d{1,2}:\d{2}\s[AP]M$/);
  });

  it('writes nothing for an empty or unreadable value, never the ISO text', () => {
    expect(dateText('', 'fr')).toBe('');
    expect(dateText(null, 'en')).toBe('');
    expect(dateTimeText('not a date', 'fr')).toBe('');
  });

  it('names the months as the charts and tables head them', () => {
    expect(monthNames('fr')).toEqual([
      'Janv.',
      'Févr.',
      'Mars',
      'Avr.',
      'Mai',
      'Juin',
      'Juil.',
      'Août',
      'Sept.',
      'Oct.',
      'Nov.',
      'Déc.',
    ]);
    expect(monthNames('en').slice(0, 3)).toEqual(['Jan', 'Feb', 'Mar']);
  });
});
