// The corruption matrix: every file of the data folder (docs/architecture.md) is truncated,
// emptied, overwritten with random bytes, deleted, or given plausible but wrong content, and the
// whole core is started on it. Each case: no crash, the damaged bytes kept aside byte for byte
// (`<file>.damaged-<time>`), a data-health notice with the exact count where one can be counted,
// and nothing valid lost from the other files (punches, events, staff).
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { LOG_FORMAT } from '../../electron/core/webhooks/log-meta';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../electron/host/create-app';
import { AuditLog } from '../../electron/core/labor/audit-log';
import { ReviewNotes } from '../../electron/core/labor/review-notes';
import { GiftCardSales } from '../../electron/core/tabs/gift-card-sales';
import { MoneyUnits } from '../../electron/core/money/money-units';
import { DataHealth } from '../../electron/core/storage/data-health';
import { WebhookReceiver } from '../../electron/core/webhooks';
import type { DataHealthNotice } from '../../shared/data-health';
import { PRACTICE_MANAGER_PIN, tempDirs, waitUntil, signInManager } from '../support';
import { DEMO_MANAGERS } from '../../electron/core/labor/demo-roster';
import { DeviceRegistry } from '../../electron/core/hub/device-registry';
import { IDENTITY, loadOrCreateCertificate } from '../../electron/core/hub/hub-certificate';
import { KioskRelay } from '../../electron/core/hub/kiosk-relay';
import { AppendLog } from '../../electron/core/labor/append-log';
import type { PunchGrants } from '../../electron/core/hub/punch-grants';
import { PunchReview } from '../../electron/core/hub/punch-review';
import type { LaborService } from '../../electron/core/labor/labor-service';
import type { DamageReport, DamageSink } from '../../electron/core/storage/data-health';
import { saveJsonFile } from '../../electron/core/storage/json-file';
import { hubModeSaved, saveHubMode } from '../../electron/core/hub/hub-mode';
import { loadPairing, savePairing } from '../../electron/core/hub/satellite-store';
import { RefusalBudget, REFUSED_FILE } from '../../electron/core/webhooks/refusal-budget';
import { isAppError } from '../../shared/app-error';
import { OfflineKiosk } from '../../electron/core/labor/offline-kiosk';
import { FAST_TUNING, HARBOUR } from './labor-test-constants';
import { deliver, envelope, SECRET } from './webhook-fixtures';

const temp = tempDirs('venue-corrupt-');
afterAll(() => temp.removeAll());

const TUNING = { ...FAST_TUNING, boardRefreshMs: 0 };
const LOG = 'webhooks/webhook-log';
/** Segment 1 was retired by retention (log-meta.json says so); 2, 3 and 4 are live. */
const SEG = (n: number) => `${LOG}/seg-${String(n).padStart(8, '0')}.jsonl`;
/** The dedupe keys of segment 1's rows, carried by the step that retired it (key-files.ts). */
const KEYS = `${LOG}/keys-00000001.json`;

interface Fixture {
  dir: string;
  punches: number;
  staff: number;
  events: number;
  /** Time-card notes for a manager to review (labor-review.log). */
  notes: number;
  /** Event rows per live segment. */
  rows: Record<string, number>;
}

let fixture: Fixture;

/** A data folder as a venue's would look: every file present, written by the app's own code. */
async function buildFixture(): Promise<Fixture> {
  const dir = temp.make();
  const app = await createApp({ dataDir: dir, runtime: 'headless', labor: TUNING });
  await app.start();
  await signInManager(app.handlers);
  await app.handlers.saveConnection({ mode: 'sandbox' });
  await app.handlers.saveWebhookSettings({ retentionEvents: 1000 });
  await app.handlers.laborSetLocation(null, HARBOUR);
  await waitUntil(() => existsSync(join(dir, 'labor-board.json')), 10_000);
  await waitUntil(() => app.labor.roster.views().length > 0, 10_000);
  // The runs open this folder on a real service, which removes the practice venue's PINs: the
  // manager's PIN is set again as a manager sets it, so a manager still has one there.
  await app.labor.roster.setPin(DEMO_MANAGERS[0], PRACTICE_MANAGER_PIN);
  const staff = app.labor.roster.views().filter((s) => s.roles.some((r) => r.locationUuid === HARBOUR.uuid));
  for (const s of staff.slice(0, 4)) {
    const role = s.roles.find((r) => r.locationUuid === HARBOUR.uuid)!;
    app.labor.capture(s.userId, { action: 'punch-in', role: { role: role.role, roleUuid: role.roleUuid } });
  }
  await app.handlers.tabsSetLocation({ uuid: HARBOUR.uuid, name: HARBOUR.name });
  await app.handlers.tabsDismissNotices(['notice-1']);
  const punches = app.labor.outbox.all().length;
  const staffCount = app.labor.roster.views().length;
  await app.stop();

  // Files no quick run writes: a gift-card sale, a manager's edit, an earlier notice, and a real
  // service's money units (the practice venue's are its reading's, never written).
  new MoneyUnits(join(dir, 'tabs')).choose('answers', 'cents');
  new GiftCardSales(join(dir, 'tabs')).add({
    id: 'sale-1',
    createdAt: 1,
    locationUuid: HARBOUR.uuid,
    spotName: null,
    name: null,
    mode: 'wait',
    paymentType: 'CASH',
    state: 'done',
    message: null,
    problem: null,
    tabUuid: 't-1',
    tabId: null,
    total: 2500,
    expected: 1,
    lines: [],
    items: [],
    payments: [],
    answerCards: [],
    answeredAt: 2,
  });
  const audit = new AuditLog(dir);
  audit.add('entry-1', { userId: 'u1', name: 'A Manager' }, [{ field: 'punch_in', from: 1, to: 2 }], 3);
  audit.add('entry-2', { userId: 'u1', name: 'A Manager' }, [{ field: 'punch_out', from: 1, to: 2 }], 4);
  audit.close();
  const notes = new ReviewNotes(dir);
  for (let n = 0; n < 4; n++)
    notes.add({
      id: `auto-close:shift-${n}`,
      kind: n === 3 ? 'break-override' : 'auto-closed',
      userId: `u${n}`,
      name: `Person ${n}`,
      at: 1_000 + n,
      day: '2025-03-05',
      byUserId: n === 3 ? 'u1' : null,
      byName: n === 3 ? 'A Manager' : null,
      detail: 'Still on shift at the end of the business day: clocked out at 4:00 AM',
    });
  notes.close();
  new DataHealth(dir).report({
    severity: 'info',
    path: join(dir, 'x'),
    keptAs: null,
    count: null,
    sentence: 'An earlier notice.',
    detail: 'fixture',
  });

  // The event log: 14 events in segments of 4 with retention at 12, so segment 1 is retired.
  rmSync(join(dir, LOG), { recursive: true, force: true });
  const receiver = new WebhookReceiver({
    dataDir: join(dir, 'webhooks'),
    secret: SECRET,
    segmentEvents: 4,
    retentionEvents: 12,
  });
  const { url } = await receiver.start();
  for (let n = 0; n < 14; n++) {
    const reply = await deliver(
      url!,
      envelope('GUEST_SUBSCRIBED', { targetUuid: `cust-${n}`, data: { handle: `h${n}` } }, new Date().toISOString()),
    );
    expect(reply.status).toBe(200);
  }
  await receiver.stop();
  // One start on it, so the projections' checkpoint (webhooks/checkpoint-….bin) covers these events.
  const again = await createApp({
    dataDir: dir,
    runtime: 'headless',
    serviceUrl: 'http://127.0.0.1:9',
    accessId: 'a',
    accessSecret: 'b',
    labor: TUNING,
  });
  await again.start();
  await again.stop();
  expect(readdirSync(join(dir, 'webhooks')).some((n) => /^checkpoint-.*\.bin$/.test(n))).toBe(true);
  expect(readdirSync(join(dir, LOG)).sort()).toEqual([
    basename(KEYS),
    'log-meta.json',
    basename(SEG(2)),
    basename(SEG(3)),
    basename(SEG(4)),
  ]);
  const rows = Object.fromEntries(
    [2, 3, 4].map((n) => [
      SEG(n),
      readFileSync(join(dir, SEG(n)), 'utf8')
        .trim()
        .split('\n').length,
    ]),
  );
  return { dir, punches, staff: staffCount, events: 10, notes: 4, rows };
}

type Mode = 'truncate' | 'zero' | 'random' | 'delete' | 'wrong';
const MODES: Mode[] = ['truncate', 'zero', 'random', 'delete', 'wrong'];

/** A deterministic byte stream with no newline, so "random" lines stay whole lines. */
function noise(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed || 1;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const b = (x >> 16) & 0xff;
    out[i] = b === 0x0a ? 0x0b : b;
  }
  return out;
}

/** The checkpoint's name depends on the projections: found in the fixture when the case runs. */
const CHECKPOINT = 'webhooks/checkpoint-*.bin';
function resolveFile(dir: string, file: string): string {
  if (file !== CHECKPOINT) return file;
  return `webhooks/${readdirSync(join(dir, 'webhooks')).find((n) => /^checkpoint-.*\.bin$/.test(n))!}`;
}

const JSONL = (file: string) => file.endsWith('.log') || file.endsWith('.jsonl');

/** Which lines to damage: punches in the outbox (so the count of punches lost is checked), else the first and a late one. */
function targetLines(file: string, lines: string[], n: number): number[] {
  if (file === 'labor-outbox.log') return lines.flatMap((l, i) => (l.includes('"t":"punch"') ? [i] : [])).slice(0, n);
  return n === 1 || lines.length <= 3 ? [0] : [0, lines.length - 3];
}

/** Damages one file; returns the bytes it now holds (null when deleted) and how many lines were hit. */
function damage(dir: string, file: string, mode: Mode): { bytes: Buffer | null; linesHit: number } {
  const path = join(dir, file);
  const original = readFileSync(path);
  let bytes: Buffer;
  let linesHit = 0;
  switch (mode) {
    case 'delete':
      rmSync(path);
      return { bytes: null, linesHit: 0 };
    case 'zero':
      bytes = Buffer.alloc(0);
      break;
    case 'truncate': {
      // Cut in the middle of a line, as a disk that lost the end of the file would.
      let cut = Math.floor(original.length / 2);
      if (original[cut - 1] === 0x0a) cut += 1;
      bytes = original.subarray(0, cut);
      linesHit = 1;
      break;
    }
    case 'random':
      if (JSONL(file)) {
        // Two whole lines replaced by noise of the same length: exactly two unreadable lines.
        const lines = original.toString('utf8').split('\n');
        const picks = targetLines(file, lines, 2);
        for (const i of picks) lines[i] = noise(Buffer.byteLength(lines[i]), i + 7).toString('latin1');
        bytes = Buffer.from(lines.join('\n'), 'latin1');
        linesHit = picks.length;
      } else {
        bytes = noise(original.length, 42);
      }
      break;
    case 'wrong':
      if (file.endsWith('log-meta.json')) {
        // Plausible: right shape, numbers from another log (would hide every event it has).
        bytes = Buffer.from(
          JSON.stringify({
            // The log's current format (log-meta.ts LOG_FORMAT): an older one would be upgraded first.
            version: LOG_FORMAT.version,
            droppedThrough: 3,
            lastSeq: 900,
            base: { verified: 0, unsigned: 0, rejected: 0, duplicate: 0, stale: 0, flagged: 0 },
            carriedKeys: [],
          }),
        );
      } else if (JSONL(file)) {
        const lines = original.toString('utf8').split('\n');
        lines[targetLines(file, lines, 1)[0]] = JSON.stringify(
          file.includes('outbox') ? { t: 'punch', p: { id: 'x' } } : { k: 'e', seq: 'one' },
        );
        bytes = Buffer.from(lines.join('\n'));
        linesHit = 1;
      } else {
        bytes = Buffer.from(JSON.stringify({ version: 1, something: 'else' }));
      }
      break;
  }
  writeFileSync(path, bytes);
  return { bytes, linesHit };
}

interface Outcome {
  notices: DataHealthNotice[];
  punches: number;
  staff: number;
  events: number;
  notes: number;
  rosterError: string | null;
  needsManagerSetup: boolean;
  setupRefused: boolean;
  logs: string[];
}

/** Starts the whole core on the damaged folder (service unreachable: loading is what is tested). */
async function run(dir: string, practiceVenue = false): Promise<Outcome> {
  const logs: string[] = [];
  let app: App | null = null;
  // The practice venue's file is read only when the app opens it (sandbox mode).
  const service = practiceVenue ? {} : { serviceUrl: 'http://127.0.0.1:9', accessId: 'a', accessSecret: 'b' };
  try {
    app = await createApp({ dataDir: dir, runtime: 'headless', ...service, labor: TUNING, log: (l) => logs.push(l) });
    await app.start();
    const snapshot = await app.handlers.getSnapshot();
    const page = await app.handlers.listEvents({}, 0, 1000);
    const setupRefused = await app.handlers
      .laborSetupManager({ userId: 'intruder', name: 'Intruder', pin: '1357' })
      .then(
        () => false,
        () => true,
      );
    return {
      notices: snapshot.dataHealth?.notices ?? [],
      punches: app.labor.outbox.all().length,
      staff: app.labor.roster.views().length,
      events: page.total,
      notes: app.labor.reviewNotes().length,
      rosterError: snapshot.labor?.rosterError ?? null,
      needsManagerSetup: snapshot.labor?.needsManagerSetup ?? true,
      setupRefused,
      logs,
    };
  } finally {
    await app?.stop();
  }
}

function keptCopies(dir: string, file: string): string[] {
  const path = join(dir, file);
  return readdirSync(dirname(path))
    .filter((n) => n.startsWith(`${basename(path)}.damaged-`))
    .map((n) => join(dirname(path), n));
}

/** The notice count each case must report; undefined: no count asserted (not countable). */
function expectedCount(file: string, mode: Mode, linesHit: number, bytes: Buffer | null): number | null | undefined {
  if (file.startsWith(LOG) && file.endsWith('.jsonl')) {
    const rows = fixture.rows[file];
    if (file === SEG(4)) return mode === 'truncate' ? 1 : mode === 'zero' ? null : undefined;
    if (mode === 'truncate') {
      const readable = (bytes ?? Buffer.alloc(0)).toString('utf8').split('\n').slice(0, -1).length;
      return rows - readable;
    }
    if (mode === 'random') return 2;
    if (mode === 'wrong') return 1;
    return rows; // zero or delete: every event of the segment
  }
  if (file === 'labor-outbox.log' || file === 'labor-audit.log' || file === 'labor-review.log')
    return mode === 'zero' || mode === 'delete' ? null : linesHit;
  return null;
}

const FILES = [
  'settings.json',
  'webhook-settings.json',
  'labor-settings.json',
  'labor-staff.json',
  'labor-board.json',
  'labor-outbox.log',
  'labor-audit.log',
  'labor-review.log',
  'tabs/settings.json',
  'tabs/gift-card-sales.json',
  'tabs/dismissed-notices.json',
  'tabs/money-units.json',
  'data-health.json',
  `${LOG}/log-meta.json`,
  KEYS,
  SEG(2),
  SEG(3),
  SEG(4),
  CHECKPOINT,
  'practice-venue/venue.v8',
];

/** Deleting these is indistinguishable from never having had them: defaults, no notice. */
// An audit log or review list nobody has written to yet is empty: zero bytes is not damage there.
const SILENT_WHEN_EMPTY = new Set(['labor-audit.log', 'labor-review.log']);
const SILENT_WHEN_DELETED = new Set([
  'settings.json',
  'webhook-settings.json',
  'labor-settings.json',
  'labor-board.json',
  'labor-audit.log',
  'labor-review.log',
  'tabs/settings.json',
  'tabs/gift-card-sales.json',
  'tabs/dismissed-notices.json',
  'tabs/money-units.json',
  'data-health.json',
  'practice-venue/venue.v8',
  CHECKPOINT,
  // Nothing lists the key files (each is found by its name), so a missing one is not seen; what
  // is lost is only the memory of events already removed, were the service to send one again.
  KEYS,
]);

const results: string[] = [];

describe('corruption matrix', () => {
  beforeAll(async () => {
    fixture = await buildFixture();
  }, 60_000);

  afterAll(() => {
    console.log(
      `[figure] corruption matrix: ${results.length} cases (${FILES.length} files x ${MODES.length} ways), 0 crashes\n${results.join('\n')}`,
    );
  });

  it('starts clean on the undamaged folder (the baseline every case is compared with)', async () => {
    const dir = temp.make();
    cpSync(fixture.dir, dir, { recursive: true });
    const out = await run(dir);
    expect(out.notices.map((n) => n.sentence)).toEqual(['An earlier notice.']);
    expect(out).toMatchObject({
      punches: fixture.punches,
      staff: fixture.staff,
      events: fixture.events,
      notes: fixture.notes,
      rosterError: null,
      setupRefused: true,
    });
    expect(fixture.punches).toBeGreaterThanOrEqual(4);
  });

  for (const entry of FILES) {
    for (const mode of MODES) {
      it(`${entry}: ${mode}`, async () => {
        const dir = temp.make();
        cpSync(fixture.dir, dir, { recursive: true });
        const file = resolveFile(dir, entry);
        const { bytes, linesHit } = damage(dir, file, mode);
        const out = await run(dir, file.endsWith('.v8')); // no crash: it returns
        const notice = out.notices.find((n) => n.file === file || n.file.startsWith(`${file}#`));
        const copies = keptCopies(dir, file);

        // Kept aside byte for byte: whatever the file held when the app found it unreadable.
        const nothingToKeep = bytes === null || (bytes.length === 0 && (JSONL(file) || file.endsWith('.v8')));
        // Deleting the newest segment leaves nothing to compare with (see docs/security.md).
        const harmless = file === SEG(4) && mode === 'delete';
        if (!nothingToKeep && !harmless) {
          expect(copies.length, `a kept copy of ${file}`).toBeGreaterThanOrEqual(1);
          expect(copies.some((c) => readFileSync(c).equals(bytes))).toBe(true);
        }

        // Reported, with the exact count where it can be counted.
        const silent =
          (mode === 'delete' && SILENT_WHEN_DELETED.has(entry)) ||
          (mode === 'zero' && SILENT_WHEN_EMPTY.has(file)) ||
          harmless;
        if (!silent) {
          expect(
            notice,
            `a notice for ${file} (${mode}); got ${JSON.stringify(out.notices.map((n) => n.file))}`,
          ).toBeDefined();
          const count = expectedCount(file, mode, linesHit, bytes);
          if (count !== undefined) expect(notice!.count).toBe(count);
          expect(out.logs.some((l) => l.startsWith('data health'))).toBe(true);
        }
        if (file.endsWith('.v8') && mode !== 'delete') {
          expect(out.logs.some((l) => /practice venue/.test(l))).toBe(true);
          expect(notice!.sentence).toMatch(/practice venue could not be read/);
        }

        // The outbox says what the lines were when it can tell, and never calls garbage a note.
        if (file === 'labor-outbox.log' && mode === 'wrong')
          expect(notice!.sentence).toMatch(/^1 punch in the punch outbox could not be read/);
        if (file === 'labor-outbox.log' && mode === 'random')
          expect(notice!.sentence).toMatch(/^2 lines that may each have been a punch/);

        // Nothing valid lost from the other files.
        if (file !== 'labor-outbox.log') expect(out.punches).toBe(fixture.punches);
        else if (mode === 'random' || mode === 'wrong') expect(out.punches).toBe(fixture.punches - linesHit);
        if (file !== 'labor-review.log') expect(out.notes).toBe(fixture.notes);
        else if (mode === 'zero' || mode === 'delete') expect(out.notes).toBe(0);
        else if (mode === 'truncate') expect(out.notes).toBe(bytes!.toString('utf8').split('\n').length - 1);
        else expect(out.notes).toBe(fixture.notes - linesHit); // every readable note kept
        if (!file.startsWith(LOG)) expect(out.events).toBe(fixture.events);
        else if (file.endsWith('log-meta.json')) expect(out.events).toBe(fixture.events);
        else if (notice?.count != null && file !== SEG(4)) expect(out.events).toBe(fixture.events - notice.count);

        // The staff list: an error to repair, never a first run that anyone could claim.
        if (file === 'labor-staff.json') {
          expect(out.rosterError).toMatch(/staff list/);
          expect(out.needsManagerSetup).toBe(false);
          expect(notice!.severity).toBe('error');
          if (mode !== 'delete') expect(readFileSync(join(dir, file)).equals(bytes!)).toBe(true); // left in place
        } else {
          expect(out.staff).toBe(fixture.staff);
        }
        expect(out.setupRefused).toBe(true);
        results.push(
          `  ${file} ${mode}: ${notice ? `${notice.severity}, count ${notice.count ?? '-'}, kept ${notice.keptAs ?? 'nothing (no bytes left)'}` : 'no notice (defaults)'}`,
        );
      }, 30_000);
    }
  }

  it('does not copy a damaged file again at every start', async () => {
    const dir = temp.make();
    cpSync(fixture.dir, dir, { recursive: true });
    damage(dir, SEG(3), 'random');
    await run(dir);
    await run(dir);
    expect(keptCopies(dir, SEG(3))).toHaveLength(1);
    expect(statSync(join(dir, SEG(3))).size).toBeGreaterThan(0);
  }, 30_000);
});

// The files only a hub or a satellite writes, each loaded by its own reader as the hub and the
// satellite start: the same five ways, the damage kept aside byte for byte and reported, and
// every readable record kept.
const HUB_FILES = [
  'satellite-punches.log',
  'hub/forwarded-punches.log',
  'hub/devices.json',
  `hub/${IDENTITY}`,
] as const;
type HubFile = (typeof HUB_FILES)[number];

async function buildHubFixture(): Promise<string> {
  const dir = temp.make();
  const queue = AppendLog.open(dir, 'satellite-punches.log', (v) => v).log;
  for (let n = 0; n < 5; n++)
    queue.append({ add: { punchId: `p-${n}`, userId: `u${n % 2}`, action: 'punch-in', capturedAt: 1_000 + n } });
  queue.append({ done: 'p-0', outcome: { status: 'accepted' } });
  queue.close();
  const forwarded = AppendLog.open(join(dir, 'hub'), 'forwarded-punches.log', (v) => v).log;
  for (let n = 0; n < 5; n++) forwarded.append({ id: `f-${n}` });
  forwarded.close();
  const registry = new DeviceRegistry(dir);
  registry.issue('Bar kiosk', 'kiosk');
  registry.issue('Office', 'manager');
  await loadOrCreateCertificate(dir);
  return dir;
}

/** Loads one file as the hub or satellite would; what it kept, or the error it refused to start with. */
async function loadHubFile(dir: string, file: HubFile, sink: (r: DamageReport) => void): Promise<unknown> {
  switch (file) {
    case 'satellite-punches.log': {
      const kiosk = new OfflineKiosk({
        dataDir: dir,
        link: () => null,
        onView: () => {},
        onWaiting: () => {},
        damage: sink,
      });
      return kiosk.waiting;
    }
    case 'hub/forwarded-punches.log': {
      const noReview = { has: () => false } as unknown as PunchReview;
      const relay = new KioskRelay({} as LaborService, dir, {} as PunchGrants, noReview, Date.now, sink);
      const kept: string[] = [];
      for (let n = 0; n < 5; n++) {
        // A taken id is answered "duplicate" before labor is asked anything.
        const outcome = await relay
          .accept({ punchId: `f-${n}`, userId: 'x', action: 'punch-in', capturedAt: 0 }, { id: 'd', name: 'd' })
          .catch(() => null);
        if (outcome?.status === 'duplicate') kept.push(`f-${n}`);
      }
      relay.close();
      return kept.length;
    }
    case 'hub/devices.json':
      return new DeviceRegistry(dir, Date.now, sink).list().length;
    case `hub/${IDENTITY}`:
      return loadOrCreateCertificate(dir, Date.now, sink).then(
        (identity) => identity.fingerprint,
        (error: unknown) => error,
      );
  }
}

describe('corruption matrix: the hub and satellite files', () => {
  let hubFixture: string;
  beforeAll(async () => {
    hubFixture = await buildHubFixture();
  }, 60_000);

  for (const file of HUB_FILES) {
    for (const mode of MODES) {
      it(`${file}: ${mode}`, async () => {
        const dir = temp.make();
        cpSync(hubFixture, dir, { recursive: true });
        const original = readFileSync(join(dir, file));
        const { bytes, linesHit } = damage(dir, file, mode);
        const reports: DamageReport[] = [];
        const loaded = await loadHubFile(dir, file, (r) => reports.push(r));
        const report = reports.find((r) => r.path === join(dir, file));
        const silent = mode === 'delete' || (mode === 'zero' && JSONL(file));
        if (silent) {
          expect(reports).toEqual([]);
        } else {
          expect(report, `a report for ${file} (${mode})`).toBeDefined();
          // Kept aside byte for byte.
          expect(report!.keptAs).not.toBeNull();
          expect(readFileSync(report!.keptAs!).equals(bytes!)).toBe(true);
        }
        if (JSONL(file)) {
          const lines = original.toString('utf8').split('\n').filter(Boolean);
          // The lines that are still whole in the damaged file are every line kept, and no more.
          const intact = (bytes ?? Buffer.alloc(0))
            .toString('latin1')
            .split('\n')
            .filter((l, i, all) => lines.includes(l) && (i < all.length - 1 || l === ''));
          if (!silent) {
            expect(report!.count).toBe(linesHit);
            // The kiosk's queue keeps only what still waits: p-0, when its answer is intact, is
            // compacted away as the queue opens.
            const answered = file === 'satellite-punches.log' && intact.some((l) => l.includes('"done":"p-0"'));
            const kept = answered ? intact.filter((l) => !l.includes('"p-0"')) : intact;
            expect(readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean)).toEqual(kept);
          }
          if (file === 'satellite-punches.log') {
            const adds = intact
              .filter((l) => l.includes('"add"'))
              .map((l) => (JSON.parse(l) as { add: { punchId: string } }).add.punchId);
            const done = intact.some((l) => l.includes('"done":"p-0"'));
            expect(loaded).toBe(adds.filter((id) => !(done && id === 'p-0')).length);
          } else {
            expect(loaded).toBe(intact.length);
          }
        } else if (file === 'hub/devices.json') {
          // One JSON document: damaged is unreadable as a whole (every satellite pairs again).
          expect(loaded).toBe(0);
          if (!silent) expect(report!.severity).toBe('error');
        } else if (mode === 'delete') {
          // No identity at all: a new one is made (every satellite pairs again).
          expect(typeof loaded).toBe('string');
        } else {
          // Never replaced on its own: the hub refuses to start, says why, and the file stays.
          expect(isAppError(loaded, 'data-damaged')).toBe(true);
          expect(report!.severity).toBe('error');
          expect(readFileSync(join(dir, file)).equals(bytes!)).toBe(true);
        }
        // A second start finds the repaired file clean and copies nothing again.
        if (JSONL(file) && !silent) {
          const again: DamageReport[] = [];
          await loadHubFile(dir, file, (r) => again.push(r));
          expect(again).toEqual([]);
        }
      }, 30_000);
    }
  }
});

// The small JSON documents of the hub, the satellite and the listener, each read by its own
// reader: damage is kept aside byte for byte and reported; deleting one is the same as never
// having had it (defaults, no notice).
const JSON_FILES = [
  'hub-mode.json',
  'satellite.json',
  'satellite-cache.json',
  'satellite-pin-lock.json',
  'hub/punch-review.json',
  `webhooks/webhook-log/${REFUSED_FILE}`,
] as const;
type JsonDataFile = (typeof JSON_FILES)[number];

async function buildJsonFixture(): Promise<string> {
  const dir = temp.make();
  saveHubMode(dir, true);
  savePairing(dir, {
    url: 'wss://127.0.0.1:1',
    certPem: 'pem',
    fingerprint: 'ab',
    deviceId: 'd-1',
    credential: 'c-1',
    role: 'kiosk',
    name: 'Bar kiosk',
  });
  // The satellite's cache and wrong-PIN count, as its own code writes them.
  saveJsonFile(dir, 'satellite-cache.json', { version: 1, roster: [], view: null, snapshot: null });
  saveJsonFile(dir, 'satellite-pin-lock.json', { wrong: [1, 2], lockedUntil: 0, lockouts: 1 });
  saveJsonFile(join(dir, 'hub'), 'punch-review.json', { version: 1, rules: { tipLimitCents: 1234 }, items: [] });
  const budget = new RefusalBudget({ dir: join(dir, LOG), now: Date.now, perHour: 0 });
  budget.take();
  budget.close();
  return dir;
}

function loadJsonDataFile(dir: string, file: JsonDataFile, sink: DamageSink): void {
  switch (file) {
    case 'hub-mode.json':
      hubModeSaved(dir, sink);
      return;
    case 'satellite.json':
      loadPairing(dir, sink);
      return;
    case 'satellite-cache.json':
    case 'satellite-pin-lock.json':
      new OfflineKiosk({ dataDir: dir, link: () => null, onView: () => {}, onWaiting: () => {}, damage: sink });
      return;
    case 'hub/punch-review.json':
      new PunchReview({ dataDir: dir, now: Date.now, damage: sink, apply: () => {} });
      return;
    case `webhooks/webhook-log/${REFUSED_FILE}`:
      new RefusalBudget({ dir: join(dir, LOG), now: Date.now, damage: sink }).close();
      return;
  }
}

describe('corruption matrix: the small JSON documents', () => {
  let jsonFixture: string;
  beforeAll(async () => {
    jsonFixture = await buildJsonFixture();
  }, 60_000);

  for (const file of JSON_FILES) {
    for (const mode of MODES) {
      it(`${file}: ${mode}`, () => {
        const dir = temp.make();
        cpSync(jsonFixture, dir, { recursive: true });
        const { bytes } = damage(dir, file, mode);
        const reports: DamageReport[] = [];
        loadJsonDataFile(dir, file, (r) => reports.push(r));
        const report = reports.find((r) => r.path === join(dir, file));
        if (mode === 'delete') {
          expect(reports).toEqual([]);
          return;
        }
        expect(report, `a report for ${file} (${mode})`).toBeDefined();
        expect(report!.keptAs).not.toBeNull();
        expect(readFileSync(report!.keptAs!).equals(bytes!)).toBe(true);
        // Read once: the next start finds nothing to report.
        const again: DamageReport[] = [];
        loadJsonDataFile(dir, file, (r) => again.push(r));
        expect(again).toEqual([]);
      });
    }
  }
});
