// Spanish names one o'clock in the singular: "a la 1:00", "desde la 1:30", but "a las 3:00". The
// kiosk's Spanish sentences say "las {{time}}" for every hour; its i18n instance fixes the article
// once the time is filled in, for the schedule's alerts and every other sentence with a time.
import type { i18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { clockTime } from '../../shared/time';

// Renderer files, loaded by path: the node project's type check does not take in the renderer's.
const I18N = '../../renderer/src/features/i18n';
const { kioskI18n } = (await import(`${I18N}/kiosk-i18n`)) as { kioskI18n: i18n };
const { hourArticle } = (await import(`${I18N}/es-hour-article`)) as { hourArticle(s: string): string };

const ZONE = 'America/New_York';
/** 2026-03-02 at hh:mm on the venue's clock (EST, UTC-5). */
const at = (h: number, m = 0) => Date.UTC(2026, 2, 2, h + 5, m);
const time = (h: number, m = 0) => clockTime(at(h, m), ZONE, 'es-US');

describe('the Spanish hour article', () => {
  it('says "la" for the one o’clock hour and "las" for every other', () => {
    expect(hourArticle('debía entrar a las 1:00 p. m.')).toBe('debía entrar a la 1:00 p. m.');
    expect(hourArticle('desde las 1:30 a. m.')).toBe('desde la 1:30 a. m.');
    expect(hourArticle('Las 1:05')).toBe('La 1:05');
    for (const other of ['a las 10:00', 'a las 11:59', 'a las 12:00', 'a las 13:00', 'a las 3:00', 'las 21:00'])
      expect(hourArticle(other)).toBe(other);
    // Words that only end in "las" are not articles.
    expect(hourArticle('salas 1:00')).toBe('salas 1:00');
  });

  it('the schedule’s late and no-show alerts read "a la 1:00" in Spanish, "a las" otherwise', () => {
    const es = kioskI18n.getFixedT('es');
    expect(es('schedule.late', { time: time(13) })).toBe(`Tarde: debía entrar a la ${time(13)}`);
    expect(es('schedule.late', { time: time(13) })).toMatch(/a la 1:00/);
    expect(es('schedule.noShow', { time: time(1, 15) })).toMatch(/a la 1:15/);
    expect(es('schedule.late', { time: time(15) })).toMatch(/a las 3:00/);
    expect(es('schedule.late', { time: time(11) })).toMatch(/a las 11:00/);
    expect(es('earlyPunch.blocked', { name: 'Sam', from: time(12, 45), start: time(13) })).toMatch(
      /a partir de las 12:45.*empieza a la 1:00/,
    );
    expect(es('person.onShiftSince', { time: time(1, 30) })).toMatch(/desde la 1:30/);
  });

  it('English is left as it is', () => {
    const en = kioskI18n.getFixedT('en');
    expect(en('schedule.late', { time: '1:00 PM' })).toBe('Late: due at 1:00 PM');
  });
});
