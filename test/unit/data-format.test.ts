// The data folder's versions (storage/data-format.ts) through the two shared loaders: an older
// file is upgraded step by step and written anew with the original kept beside it, a newer one is
// left byte for byte, said to be that release's, and refused to every write of the run.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { version as packageVersion } from '../../package.json';
import { FORWARDED_LOG, trimForwardedLog } from '../../electron/core/hub/forwarded-log';
import { AppendLog, reportDamagedLines } from '../../electron/core/labor/append-log';
import { MoneyUnits } from '../../electron/core/money/money-units';
import { APP_VERSION, defineFormat } from '../../electron/core/storage/data-format';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { loadJsonFile, saveJsonFile } from '../../electron/core/storage/json-file';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-format-');
afterEach(() => dirs.removeAll());

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

// A test-only format: v1 kept a name in one field, v2 split it, v3 added a count.
const v3 = z.object({ version: z.literal(3), first: z.string(), last: z.string(), visits: z.number() });
const steps = [
  (v: unknown) => {
    const { name, ...rest } = v as { name: string };
    const [first, ...last] = name.split(' ');
    return { ...rest, first, last: last.join(' ') };
  },
  (v: unknown) => ({ ...(v as object), visits: 0 }),
];
const GUESTS = defineFormat('guests.json', steps);
const defaults = () => ({ version: 3 as const, first: '', last: '', visits: -1 });

function load(dir: string, damage: DamageReport[] = []) {
  return loadJsonFile(dir, 'guests.json', v3, defaults, {
    format: GUESTS,
    label: 'The guest list',
    damage: (r) => damage.push(r),
  });
}

describe('a JSON document of an older version', () => {
  it('goes through each step, is written at this version, and the original is kept byte for byte', () => {
    const dir = dirs.make();
    const path = join(dir, 'guests.json');
    writeFileSync(path, JSON.stringify({ version: 1, name: 'Ana María Silva' }));
    const original = sha(path);
    const damage: DamageReport[] = [];
    const loaded = load(dir, damage);
    expect(loaded.value).toEqual({ version: 3, first: 'Ana', last: 'María Silva', visits: 0 });
    expect(loaded.upgraded?.from).toBe(1);
    expect(sha(loaded.upgraded!.keptAs)).toBe(original);
    expect(loaded.upgraded!.keptAs).toMatch(/guests\.json\.v1-\d{4}-\d\d-\d\dT/);
    expect(read(path)).toEqual({ version: 3, writtenBy: APP_VERSION, first: 'Ana', last: 'María Silva', visits: 0 });
    expect(damage).toEqual([]);
    // Current now: read as it is, no second copy.
    expect(load(dir).upgraded).toBeUndefined();
    expect(readdirSync(dir).sort()).toEqual(['guests.json', readdirSync(dir).find((n) => n.includes('.v1-'))].sort());
  });

  it('starts from the version it is at: a version 2 file takes only the last step', () => {
    const dir = dirs.make();
    writeFileSync(join(dir, 'guests.json'), JSON.stringify({ version: 2, first: 'Li', last: 'Wei', extra: true }));
    expect(load(dir).value).toEqual({ version: 3, first: 'Li', last: 'Wei', visits: 0 });
    // Fields no step knows are carried along, so a later step can still use them.
    expect(read(join(dir, 'guests.json')).extra).toBe(true);
  });

  it('a document without a version is version 1', () => {
    const dir = dirs.make();
    writeFileSync(join(dir, 'guests.json'), JSON.stringify({ name: 'Ola Nordmann' }));
    expect(load(dir).value).toMatchObject({ first: 'Ola', last: 'Nordmann', visits: 0 });
  });

  it('one no step can read is kept aside as damage, never half upgraded', () => {
    const dir = dirs.make();
    writeFileSync(join(dir, 'guests.json'), JSON.stringify({ version: 1, name: 42 }));
    const damage: DamageReport[] = [];
    const loaded = load(dir, damage);
    expect(loaded.value).toEqual(defaults());
    expect(loaded.problem?.movedTo).toMatch(/\.damaged-/);
    expect(damage).toMatchObject([{ severity: 'warning' }]);
  });

  it('the money units (a real step: one unit becomes three families) are upgraded on disk', () => {
    const dir = dirs.make();
    const path = join(dir, 'money-units.json');
    writeFileSync(path, JSON.stringify({ version: 1, unit: 'dollars', source: 'chosen', detected: null }));
    const original = sha(path);
    expect(new MoneyUnits(dir).current().numbers).toMatchObject({ unit: 'dollars', source: 'chosen' });
    expect(read(path)).toMatchObject({ version: 2, writtenBy: APP_VERSION, sent: { unit: 'dollars' } });
    const kept = readdirSync(dir).find((n) => n.startsWith('money-units.json.v1-'))!;
    expect(sha(join(dir, kept))).toBe(original);
  });
});

describe('a JSON document a newer release wrote', () => {
  it('is left byte for byte, said as such, and every write of the run is refused', () => {
    const dir = dirs.make();
    const path = join(dir, 'guests.json');
    writeFileSync(path, JSON.stringify({ version: 4, writtenBy: '2.0.0', guests: [] }));
    const before = sha(path);
    const damage: DamageReport[] = [];
    const loaded = load(dir, damage);
    expect(loaded.value).toEqual(defaults());
    expect(loaded.newer).toEqual({ version: 4, writtenBy: '2.0.0' });
    expect(damage).toHaveLength(1);
    expect(damage[0]).toMatchObject({ key: 'newer', severity: 'error', keptAs: null, path });
    expect(damage[0].sentence).toBe(
      `The guest list: written by release 2.0.0 of the app (format version 4), newer than this release (${APP_VERSION}). It is left exactly as it is and nothing changes it while this release runs; update the app on this computer to use it.`,
    );
    expect(() => saveJsonFile(dir, 'guests.json', defaults(), { format: GUESTS })).toThrow(
      expect.objectContaining({ kind: 'data-damaged', message: damage[0].sentence }),
    );
    expect(sha(path)).toBe(before);
    expect(readdirSync(dir)).toEqual(['guests.json']);

    // Put back as this release writes it (by hand): read, and writable again.
    writeFileSync(path, JSON.stringify({ version: 3, first: 'A', last: 'B', visits: 1 }));
    expect(load(dir).value.visits).toBe(1);
    saveJsonFile(dir, 'guests.json', { version: 3, first: 'A', last: 'B', visits: 2 }, { format: GUESTS });
    expect(read(path).visits).toBe(2);
  });
});

describe('what every document is written with', () => {
  it('the release from package.json beside its version; a document without a version as it is', () => {
    const dir = dirs.make();
    expect(APP_VERSION).toBe(packageVersion);
    saveJsonFile(dir, 'a.json', { version: 1, on: true });
    expect(readFileSync(join(dir, 'a.json'), 'utf8')).toBe(
      JSON.stringify({ version: 1, writtenBy: packageVersion, on: true }, null, 2),
    );
    // The secrets' map and the connection settings keep the shape older releases read.
    saveJsonFile(dir, 'b.json', { accessSecret: 'c2VjcmV0' });
    expect(read(join(dir, 'b.json'))).toEqual({ accessSecret: 'c2VjcmV0' });
  });
});

// A test-only log format: version 2 stores amounts in cents under another name.
const SALES = defineFormat('sales.log', [
  (lines: unknown) => (lines as { amount: number }[]).map(({ amount, ...rest }) => ({ ...rest, cents: amount * 100 })),
]);
const parseSale = (raw: unknown) => {
  const sale = z.object({ id: z.string(), cents: z.number() }).safeParse(raw);
  return sale.success ? sale.data : null;
};

describe('an append-only log', () => {
  it('of version 1 (no header line) is upgraded: header, records through the step, original kept', () => {
    const dir = dirs.make();
    const path = join(dir, 'sales.log');
    writeFileSync(path, '{"id":"a","amount":2}\n{"id":"b","amount":3}\n');
    const original = sha(path);
    const opened = AppendLog.open(dir, 'sales.log', parseSale, Date.now, SALES);
    expect(opened.records).toEqual([
      { id: 'a', cents: 200 },
      { id: 'b', cents: 300 },
    ]);
    expect(opened.damaged).toBeNull();
    expect(sha(opened.upgraded!.keptAs)).toBe(original);
    opened.log.append({ id: 'c', cents: 50 });
    opened.log.close();
    expect(readFileSync(path, 'utf8').split('\n')).toEqual([
      JSON.stringify({ format: 'sales.log', version: 2, writtenBy: APP_VERSION }),
      '{"id":"a","cents":200}',
      '{"id":"b","cents":300}',
      '{"id":"c","cents":50}',
      '',
    ]);
    const again = AppendLog.open(dir, 'sales.log', parseSale, Date.now, SALES);
    expect(again.upgraded).toBeNull();
    expect(again.records).toHaveLength(3);
    again.log.close();
  });

  it('of version 1 stays without a header while its format is at version 1', () => {
    const dir = dirs.make();
    const opened = AppendLog.open(dir, 'notes.log', (raw) => raw);
    opened.log.append({ id: 'x' });
    opened.log.rewrite([{ id: 'x' }, { id: 'y' }]);
    opened.log.close();
    expect(readFileSync(join(dir, 'notes.log'), 'utf8')).toBe('{"id":"x"}\n{"id":"y"}\n');
  });

  it('a newer release wrote is not read, not changed, said as such, and refuses appends', () => {
    const dir = dirs.make();
    const path = join(dir, 'sales.log');
    writeFileSync(path, '{"format":"sales.log","version":3,"writtenBy":"2.1.0"}\n{"id":"a","euros":{"cents":1}}\n');
    const before = sha(path);
    const opened = AppendLog.open(dir, 'sales.log', parseSale, Date.now, SALES);
    expect(opened.records).toEqual([]);
    expect(opened.newer).toEqual({ version: 3, writtenBy: '2.1.0' });
    const damage: DamageReport[] = [];
    reportDamagedLines(path, opened, { label: 'The sales', consequence: '' }, (r) => damage.push(r));
    expect(damage).toMatchObject([{ key: 'newer', severity: 'error', keptAs: null }]);
    expect(damage[0].sentence).toMatch(/^The sales: written by release 2\.1\.0 of the app \(format version 3\)/);
    expect(() => opened.log.append({ id: 'b', cents: 1 })).toThrow(expect.objectContaining({ kind: 'data-damaged' }));
    expect(() => opened.log.rewrite([])).toThrow(expect.objectContaining({ kind: 'data-damaged' }));
    opened.log.close();
    expect(sha(path)).toBe(before);
    expect(readdirSync(dir)).toEqual(['sales.log']);
  });
});

describe("the hub's trim of its forwarded punch ids at start", () => {
  it('leaves a newer release’s log as it is, and trims one of this version', () => {
    const dataDir = dirs.make();
    const ids = Array.from({ length: 10 }, (_, i) => JSON.stringify({ id: `p${i}` })).join('\n');
    const path = join(dataDir, 'hub', FORWARDED_LOG);
    mkdirSync(join(dataDir, 'hub'));
    writeFileSync(path, `{"format":"${FORWARDED_LOG}","version":2,"writtenBy":"2.0.0"}\n${ids}\n`);
    const before = sha(path);
    expect(trimForwardedLog(dataDir, 2)).toBe(0);
    expect(sha(path)).toBe(before);
    writeFileSync(path, `${ids}\n`);
    expect(trimForwardedLog(dataDir, 2)).toBe(8);
  });
});
