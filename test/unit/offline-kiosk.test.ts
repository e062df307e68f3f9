// The kiosk device without its hub, at the core: PINs checked against its roster copy one at a
// time on the core's sessions and lockout, the count on disk across restarts (old files load, a
// damaged one locks the pad and is reported), manager PINs told they need the hub, and offline
// punches queued with their capture time, in order, laid on the board by the board's own step.
// Real files in a temp folder; no hub (the link is absent).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { KioskStaff } from '../../shared/hub';
import type { LaborView, StaffSession } from '../../shared/labor';
import { isAppError } from '../../shared/app-error';
import { OfflineKiosk } from '../../electron/core/labor/offline-kiosk';
import { saveKioskCache } from '../../electron/core/labor/kiosk-cache';
import { PIN_LOCK_FILE } from '../../electron/core/labor/pin-lock-file';
import { KIOSK_QUEUE_FILE } from '../../electron/core/labor/kiosk-queue';
import { LOCKOUT_MS } from '../../electron/core/labor/sessions';
import { hashPin } from '../../electron/core/labor/pin-hash';
import { pinTag } from '../../electron/core/labor/pin-lookup';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-offline-kiosk-');
const open: OfflineKiosk[] = [];
afterEach(() => {
  while (open.length) open.pop()!.close();
  dirs.removeAll();
});

const LOC = 'loc-1';
const TAG_SALT = Buffer.from('venue tag salt').toString('base64');
let roster: KioskStaff[];

async function member(userId: string, name: string, pin: string): Promise<KioskStaff> {
  return {
    userId,
    name,
    manager: false,
    pin: await hashPin(pin, 1024),
    pinTag: await pinTag(pin, { salt: TAG_SALT, N: 1024, r: 8, p: 1 }),
    roles: [{ locationUuid: LOC, role: 'Bartender', roleUuid: 'r-1' }],
  };
}

beforeAll(async () => {
  // The hub sends staff only: a manager's PIN has no hash here.
  roster = [await member('2004', 'Jordan Bartender', '2222'), await member('2005', 'Sam Server', '5555')];
});

const emptyView = {
  location: { uuid: LOC, name: 'Bar', timezone: null },
  board: { rows: [], fetchedAt: null, error: null },
} as unknown as LaborView;

/** A kiosk folder as the hub last left it: the roster copy and the board. */
function kioskDir(): string {
  const dir = dirs.make();
  saveKioskCache(dir, { roster, view: emptyView, snapshot: null });
  return dir;
}

function kioskOn(dir: string, options: { now?: () => number; damage?: (r: DamageReport) => void } = {}) {
  const views: LaborView[] = [];
  const kiosk = new OfflineKiosk({
    dataDir: dir,
    link: () => null,
    now: options.now,
    onView: (v) => views.push(v),
    onWaiting: () => {},
    damage: options.damage,
  });
  open.push(kiosk);
  return { kiosk, views };
}

const answer = (p: Promise<StaffSession>) =>
  p.then(
    (session) => ({ ok: true as const, session }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe('offline sign-in', () => {
  it('200 parallel guesses check at most 5, the right PIN among them included; the lock survives a restart', async () => {
    const dir = kioskDir();
    const { kiosk } = kioskOn(dir);
    const guesses = Array.from({ length: 200 }, (_, i) => (i === 199 ? '2222' : String(3000 + i)));
    const answers = await Promise.all(guesses.map((pin) => answer(kiosk.identify({ pin }))));
    const checked = answers.filter((a) => !a.ok && isAppError(a.error, 'invalid'));
    expect(checked.length).toBe(5);
    expect(answers.filter((a) => !a.ok && isAppError(a.error, 'locked-out'))).toHaveLength(195);
    expect(answers[199].ok).toBe(false);

    const saved = JSON.parse(readFileSync(join(dir, PIN_LOCK_FILE), 'utf8')) as { lockedUntil: number };
    expect(saved.lockedUntil).toBeGreaterThan(Date.now());
    kiosk.close();
    const again = kioskOn(dir).kiosk;
    const after = await answer(again.identify({ pin: '2222' }));
    expect(!after.ok && isAppError(after.error, 'locked-out')).toBe(true);
  });

  it('a count written earlier loads: four wrong PINs on disk, the fifth locks the pad', async () => {
    const dir = kioskDir();
    const now = Date.now();
    writeFileSync(
      join(dir, PIN_LOCK_FILE),
      JSON.stringify({ wrong: [now - 4000, now - 3000, now - 2000, now - 1000], lockedUntil: 0, lockouts: 0 }),
    );
    const reports: DamageReport[] = [];
    const { kiosk } = kioskOn(dir, { damage: (r) => reports.push(r) });
    const fifth = await answer(kiosk.identify({ pin: '1111' }));
    expect(!fifth.ok && isAppError(fifth.error, 'invalid')).toBe(true);
    const next = await answer(kiosk.identify({ pin: '2222' }));
    expect(!next.ok && isAppError(next.error, 'locked-out')).toBe(true);
    expect(reports).toEqual([]);
  });

  it('a damaged count locks the pad as a first lockout would, keeps the file aside and reports it', async () => {
    const dir = kioskDir();
    writeFileSync(join(dir, PIN_LOCK_FILE), '{"wrong": [1, 2, 3, 4], "lockedUn');
    const reports: DamageReport[] = [];
    const before = Date.now();
    const { kiosk } = kioskOn(dir, { damage: (r) => reports.push(r) });
    const tried = await answer(kiosk.identify({ pin: '2222' }));
    expect(!tried.ok && isAppError(tried.error, 'locked-out')).toBe(true);
    if (!tried.ok && isAppError(tried.error, 'locked-out'))
      expect(tried.error.data.until).toBeGreaterThanOrEqual(before + LOCKOUT_MS);
    expect(reports).toEqual([expect.objectContaining({ path: join(dir, PIN_LOCK_FILE) })]);
    expect(readdirSync(dir).some((n) => n.startsWith(`${PIN_LOCK_FILE}.damaged-`))).toBe(true);
  });

  it('a manager’s PIN is told that managers need the hub, as its own reason', async () => {
    const { kiosk } = kioskOn(kioskDir());
    const tried = await answer(kiosk.identify({ pin: '9999' }));
    expect(!tried.ok && isAppError(tried.error, 'invalid') && tried.error.data.reason).toBe(
      'pin-not-recognised-offline',
    );
  });

  it('a staff PIN opens a staff session with this location’s roles, never a manager’s', async () => {
    const { kiosk } = kioskOn(kioskDir());
    const session = await kiosk.identify({ pin: '2222' });
    expect(session).toMatchObject({ userId: '2004', name: 'Jordan Bartender', manager: false });
    expect(session.roles).toEqual([{ role: 'Bartender', roleUuid: 'r-1' }]);
    expect(session.punchGrant).toBeUndefined();
  });
});

describe('offline punches', () => {
  it('are queued at their capture time, in order, as offline, and shown on the board until the hub answers', async () => {
    const dir = kioskDir();
    let clock = 1_000_000;
    const { kiosk, views } = kioskOn(dir, { now: () => clock });
    const session = await kiosk.identify({ pin: '2222' });
    const role = session.roles[0];
    await kiosk.punch(session.token, { action: 'punch-in', role });
    clock += 60_000;
    await kiosk.punch(session.token, { action: 'break-start' });
    clock += 30_000;
    const receipt = await kiosk.punch(session.token, { action: 'break-end' });
    expect(receipt).toMatchObject({ userId: '2004', name: 'Jordan Bartender', at: clock, waitingToSync: 3 });

    const lines = readFileSync(join(dir, KIOSK_QUEUE_FILE), 'utf8').trim().split('\n');
    const queued = lines.map(
      (l) => (JSON.parse(l) as { add: { action: string; capturedAt: number; offline?: true } }).add,
    );
    expect(queued.map((p) => [p.action, p.capturedAt, p.offline])).toEqual([
      ['punch-in', 1_000_000, true],
      ['break-start', 1_060_000, true],
      ['break-end', 1_090_000, true],
    ]);
    expect(views.at(-1)!.board.rows).toEqual([
      expect.objectContaining({
        userId: '2004',
        role: 'Bartender',
        shiftStart: 1_000_000,
        breakStart: null,
        lastBreakEnd: 1_090_000,
        unpaidBreakMs: 30_000,
        pending: true,
      }),
    ]);

    // A restart keeps the queue and the board; a punch-out takes the row off.
    kiosk.close();
    const again = kioskOn(dir, { now: () => clock });
    expect(again.kiosk.waiting).toBe(3);
    expect(again.kiosk.cachedView!.board.rows).toHaveLength(1);
    const next = await again.kiosk.identify({ pin: '2222' });
    await again.kiosk.punch(next.token, { action: 'punch-out' });
    expect(again.kiosk.cachedView!.board.rows).toEqual([]);
    expect(again.kiosk.waiting).toBe(4);
  });

  it('a punch id already queued is queued once', async () => {
    const dir = kioskDir();
    const { kiosk } = kioskOn(dir);
    const session = await kiosk.identify({ pin: '5555' });
    const punchId = '6f0c1d2e-0000-4000-8000-000000000001';
    await kiosk.punch(session.token, { action: 'punch-in', punchId });
    await kiosk.punch(session.token, { action: 'punch-in', punchId });
    expect(kiosk.waiting).toBe(1);
    expect(readFileSync(join(dir, KIOSK_QUEUE_FILE), 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it('an ended session cannot punch', async () => {
    const { kiosk } = kioskOn(kioskDir());
    const session = await kiosk.identify({ pin: '2222' });
    kiosk.endSession(session.token);
    await expect(kiosk.punch(session.token, { action: 'punch-in' })).rejects.toMatchObject({ kind: 'pin-required' });
    expect(kiosk.waiting).toBe(0);
  });
});
