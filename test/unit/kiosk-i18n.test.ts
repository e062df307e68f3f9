// The kiosk's two languages agree: every English key has a Spanish one and the other way round,
// each language has the plural forms its own rules ask for, and a sentence keeps every {{variable}}
// its English one fills in (a dropped {{time}} would print a sentence without the time).
import type { i18n, TFunction } from 'i18next';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KINDS, type ErrorPayload } from '../../shared/app-error';

// Renderer files, loaded by path: the node project's type check does not take in the renderer's.
const I18N = '../../renderer/src/features/i18n';
const { en } = (await import(`${I18N}/en`)) as { en: object };
const { es } = (await import(`${I18N}/es`)) as { es: object };
const { kioskI18n } = (await import(`${I18N}/kiosk-i18n`)) as { kioskI18n: i18n };
const { kioskErrorWords } = (await import(`${I18N}/kiosk-error-words`)) as {
  kioskErrorWords(t: TFunction, payload: ErrorPayload, shown: string, now?: number): string;
};

// The kiosk's own screens (the manager area behind the manager PIN is in English).
const KIOSK = join(import.meta.dirname, '../../renderer/src/features/kiosk');

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** "pad.digits_one" → "…", flattened. */
function flatten(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value as object, path)) out.set(k, v);
  }
  return out;
}

/** Each key without its plural suffix → the variables its forms use together. */
function variablesByBase(strings: Map<string, string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const [key, text] of strings) {
    const base = key.replace(PLURAL, '');
    const vars = out.get(base) ?? new Set<string>();
    for (const m of text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)) vars.add(m[1]);
    out.set(base, vars);
  }
  return out;
}

const languages = { en: flatten(en), es: flatten(es) };

describe('kiosk languages', () => {
  it('every English key has a Spanish key, and every Spanish key an English one', () => {
    const base = (m: Map<string, string>) => [...new Set([...m.keys()].map((k) => k.replace(PLURAL, '')))].sort();
    const enKeys = base(languages.en);
    const esKeys = base(languages.es);
    expect(
      enKeys.filter((k) => !esKeys.includes(k)),
      'English keys missing in Spanish',
    ).toEqual([]);
    expect(
      esKeys.filter((k) => !enKeys.includes(k)),
      'Spanish keys missing in English',
    ).toEqual([]);
    expect(enKeys.length).toBeGreaterThan(100);
  });

  it('each language has every plural form its own plural rules use', () => {
    for (const [lang, strings] of Object.entries(languages)) {
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      const plurals = new Set([...strings.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
      expect(plurals.size).toBeGreaterThan(0);
      for (const base of plurals)
        for (const c of categories) expect(strings.has(`${base}_${c}`), `${lang}: ${base}_${c}`).toBe(true);
    }
  });

  it('no sentence drops or invents an interpolation variable', () => {
    const enVars = variablesByBase(languages.en);
    const esVars = variablesByBase(languages.es);
    for (const [key, vars] of enVars) expect([...(esVars.get(key) ?? [])].sort(), key).toEqual([...vars].sort());
  });

  it('no string is empty, and Spanish is not English copied over', () => {
    for (const strings of Object.values(languages))
      for (const [key, text] of strings) expect(text.trim(), key).not.toBe('');
    const same = [...languages.en].filter(([k, v]) => languages.es.get(k) === v && /[a-z]{4}/i.test(v));
    expect(same.map(([k]) => k)).toEqual([]);
  });

  it('i18next picks the plural form and fills the variables in both languages', () => {
    const t = (lng: string) => kioskI18n.getFixedT(lng, 'kiosk');
    expect(t('en')('sync.waiting', { count: 1 })).toBe('1 punch waiting');
    expect(t('en')('sync.waiting', { count: 3 })).toBe('3 punches waiting');
    expect(t('es')('sync.waiting', { count: 1 })).toBe('1 fichaje en espera');
    expect(t('es')('sync.waiting', { count: 3 })).toBe('3 fichajes en espera');
    expect(t('es')('sync.waiting', { count: 1_000_000 })).toBe('1000000 fichajes en espera');
    expect(t('es')('pad.namePin', { name: 'Harbour Bar & Kitchen' })).toBe('Harbour Bar & Kitchen, ingrese su PIN');
  });

  it('every error kind the kiosk can meet has words in both languages, never a bare key', () => {
    const data: Record<string, object> = {
      forbidden: { by: 'venue' },
      'rate-limited': { retryAfterMs: 2000 },
      'not-on-shift': { onBreak: true },
      'pin-required': { role: 'manager' },
      'locked-out': { until: 30_000, deviceId: null, userId: null },
      invalid: { field: 'pin', reason: 'pin-not-recognised' },
      'outcome-unknown': { operation: 'punch' },
      'service-failed': { status: 500 },
      'cannot-read': { what: 'board' },
      'data-damaged': { file: 'x' },
    };
    for (const lng of ['en', 'es']) {
      const t = kioskI18n.getFixedT(lng, 'kiosk');
      for (const kind of ERROR_KINDS) {
        const payload = { kind, data: data[kind] ?? {}, message: 'as said' } as ErrorPayload;
        const words = kioskErrorWords(t, payload, 'as said', 0);
        expect(words, `${lng} ${kind}`).not.toMatch(/^error\./);
        expect(words, `${lng} ${kind}`).not.toMatch(/\{\{/);
      }
      expect(
        kioskErrorWords(t, { kind: 'locked-out', data: data['locked-out'], message: '' } as ErrorPayload, '', 0),
      ).toContain('30');
    }
    const es = kioskI18n.getFixedT('es', 'kiosk');
    expect(
      kioskErrorWords(es, { kind: 'invalid', data: { field: 'pin', reason: 'pin-not-recognised' }, message: 'x' }, 'x'),
    ).toBe('Ese PIN no se reconoce.');
    // The core's count of tries left before the pad locks, worded in the kiosk's language.
    const tries = (t: TFunction, triesLeft: number) =>
      kioskErrorWords(
        t,
        { kind: 'invalid', data: { field: 'pin', reason: 'pin-not-recognised', triesLeft }, message: 'x' },
        'x',
      );
    expect(tries(es, 2)).toBe('Ese PIN no se reconoce. Quedan 2 intentos antes de que el teclado se bloquee.');
    expect(tries(es, 1)).toBe('Ese PIN no se reconoce. Queda 1 intento antes de que el teclado se bloquee.');
    const en = kioskI18n.getFixedT('en', 'kiosk');
    expect(tries(en, 2)).toBe('That PIN is not recognised. 2 tries left before the pad locks.');
    expect(tries(en, 1)).toBe('That PIN is not recognised. 1 try left before the pad locks.');
  });

  it('the English lock line is the one shared/errors.ts says, and Spanish keeps which pad, whom and when', () => {
    const lock = (lng: string, who: string, pad: 'lockedSignIn' | 'lockedApproval') => {
      const t = kioskI18n.getFixedT(lng, 'kiosk');
      return t(`pad.${pad}`, {
        who,
        time: t('pad.venueTime', { time: '12:00:30' }),
        wait: t('pad.seconds', { s: 20 }),
      });
    };
    const en = kioskI18n.getFixedT('en', 'kiosk');
    expect(lock('en', en('pad.lockedForEveryone'), 'lockedSignIn')).toBe(
      'Too many wrong PINs. The PIN pad on this device is locked for everyone until 12:00:30 (venue time), 20 s from now.',
    );
    const es = kioskI18n.getFixedT('es', 'kiosk');
    expect(lock('es', es('pad.lockedFor', { name: 'Sam Lee' }), 'lockedApproval')).toBe(
      'Demasiados PIN incorrectos. La aprobación de reembolsos en este dispositivo está bloqueada para Sam Lee hasta las 12:00:30 (hora del local); quedan 20 s.',
    );
  });

  it('the kiosk screens say nothing in literal English: every word a person reads goes through t()', () => {
    const offenders: string[] = [];
    for (const file of readdirSync(KIOSK).filter((f) => f.endsWith('.tsx'))) {
      // Comments say why in English; JSX text, string props and thrown sentences are what staff read.
      const code = readFileSync(join(KIOSK, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
      const literal = [
        // Text between tags: "<h2>Managers need the hub</h2>", or a line of text inside an element.
        /(?<![=-])>[^<>{}=;()&|]*[A-Za-z]{3,}[^<>{}=;()&|]*(?=<\/|\{)/g,
        /^\s+[A-Z][a-z]+(?: [\w’',.;:-]+){2,}\s*$/gm,
        // Props a person reads or hears.
        /\b(?:title|hint|label|aria-label|placeholder|alt)="[^"]*[A-Za-z]{3,}[^"]*"/g,
        /\b(?:title|hint|label|aria-label|placeholder|alt)=\{`[^`]*[A-Za-z]{3,} [^`]*`\}/g,
        // A sentence thrown from a screen ends up on it.
        /new Error\(\s*['"`][^'"`]*[A-Za-z]{3,} [^'"`]*['"`]/g,
        // A word assigned for showing: "'Double time'".
        /[=?:]\s*'[A-Z][a-z]+(?: [a-z]+)+'/g,
      ];
      for (const pattern of literal) for (const m of code.matchAll(pattern)) offenders.push(`${file}: ${m[0].trim()}`);
    }
    expect(offenders).toEqual([]);
  });
});
