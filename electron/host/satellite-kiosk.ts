// A kiosk satellite that loses the hub keeps taking punches. Every punch is queued durably with
// its id first (satellite-punches.log) and then forwarded; the hub accepts each id once, so a
// punch whose answer was lost in a drop is simply sent again. While the hub is unreachable, PINs
// are checked against the last copy of the roster's hashes (never manager rights: managing waits
// for the hub), and the board shows the queued punches.
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { LaborView, PunchInput, PunchReceipt, StaffSession } from '../../shared/labor';
import type { AppSnapshot } from '../../shared/domain';
import { findByPin } from '../core/labor/pin-lookup';
import { AppendLog, reportDamagedLines } from '../core/labor/append-log';
import type { ForwardedPunch, ForwardOutcome, KioskStaff } from '../../shared/hub';
import type { HubLink } from '../core/hub/hub-link';
import { loadJsonFile, saveJsonFile } from '../core/storage/json-file';
import { JobQueue } from '../core/job-queue';
import type { DamageSink } from '../core/storage/data-health';
import { AppError, appError, fromErrorPayload, readErrorPayload } from '../../shared/app-error';

const QUEUE = 'satellite-punches.log';
const CACHE = 'satellite-cache.json';
const PIN_LOCK = 'satellite-pin-lock.json';
const SESSION_MS = 2 * 60_000;
const MAX_WRONG = 5;
const LOCK_MS = 30_000;
const LOCK_MAX_MS = 15 * 60_000;
const WRONG_WINDOW_MS = 10 * 60_000;

/** Offline, a PIN that matches no staff member's copy: managers' hashes never leave the hub. */
export const OFFLINE_PIN_REFUSED =
  'That PIN is not recognised. The hub cannot be reached: staff can punch here, managers need the hub.';

const pinLockSchema = z.object({
  wrong: z.array(z.number()),
  lockedUntil: z.number(),
  lockouts: z.number().int().min(0),
});
type PinLock = z.infer<typeof pinLockSchema>;

/** A session on this kiosk: the hub's (with its grant for punches) or one opened offline. */
type KioskSession = StaffSession & { offline?: boolean };

const cacheSchema = z.object({
  version: z.literal(1),
  roster: z.array(z.any()),
  view: z.any().nullable(),
  snapshot: z.any().nullable().optional(),
});

type QueueLine = { add: ForwardedPunch } | { done: string; outcome: ForwardOutcome };

function isQueueLine(value: unknown): value is QueueLine {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (typeof v.done === 'string') return true;
  const add = v.add as Record<string, unknown> | undefined;
  return (
    typeof add === 'object' &&
    add !== null &&
    typeof add.punchId === 'string' &&
    typeof add.userId === 'string' &&
    typeof add.action === 'string' &&
    typeof add.capturedAt === 'number'
  );
}

export interface KioskOfflineOptions {
  dataDir: string;
  link: () => HubLink | null;
  now?: () => number;
  /** The board or the waiting count changed: the screen hears it. */
  onView: (view: LaborView) => void;
  onWaiting: (count: number) => void;
  log?: (line: string) => void;
  /** Where a damaged queue line is reported (the data-health notices). */
  damage?: DamageSink;
}

export class SatelliteKiosk {
  private roster: KioskStaff[] = [];
  private view: LaborView | null = null;
  private snapshot: AppSnapshot | null = null;
  private readonly pending = new Map<string, ForwardedPunch>();
  private readonly queue: AppendLog<QueueLine>;
  private readonly sessions = new Map<string, KioskSession>();
  /** Offline wrong PINs: kept on disk, so a restart does not give a guesser five more. */
  private pinLock: PinLock;
  /** Offline PIN checks run one at a time: the lock is read after the previous check has counted. */
  private readonly pinQueue = new JobQueue();
  private draining: Promise<void> | null = null;
  /** The hub's answer to recent punches, for the screen that is waiting on one. */
  private readonly outcomes = new Map<string, ForwardOutcome>();
  private readonly now: () => number;

  constructor(private readonly options: KioskOfflineOptions) {
    this.now = options.now ?? Date.now;
    const opened = AppendLog.open(options.dataDir, QUEUE, (v) => (isQueueLine(v) ? v : null), this.now);
    reportDamagedLines(
      join(options.dataDir, QUEUE),
      opened,
      {
        label: "This kiosk's queue of punches waiting for the hub",
        consequence:
          'A punch in it may not have reached the hub: check the timesheet against the staff member, and add it by hand if it is missing.',
      },
      options.damage,
    );
    for (const line of opened.records) {
      if ('add' in line) this.pending.set(line.add.punchId, line.add);
      else this.pending.delete(line.done);
    }
    this.queue = opened.log;
    const cache = loadJsonFile(
      options.dataDir,
      CACHE,
      cacheSchema,
      () => ({ version: 1 as const, roster: [], view: null }),
      { label: "The kiosk's copy of the roster", damage: options.damage, now: this.now },
    ).value;
    this.roster = cache.roster as KioskStaff[];
    this.view = cache.view as LaborView | null;
    this.snapshot = (cache.snapshot ?? null) as AppSnapshot | null;
    const lock = loadJsonFile(
      options.dataDir,
      PIN_LOCK,
      pinLockSchema,
      () => ({ wrong: [], lockedUntil: 0, lockouts: 0 }),
      {
        label: "The kiosk's count of wrong PINs",
        damage: options.damage,
        now: this.now,
        consequence: 'the pad stays locked for a first lockout before the count starts again',
      },
    );
    // Damaging the count must not buy a guesser a fresh five tries: an unreadable count locks the
    // pad as a first lockout would.
    this.pinLock = lock.problem ? { wrong: [], lockedUntil: this.now() + LOCK_MS, lockouts: 1 } : lock.value;
  }

  /** A kiosk restarted while the hub is away still opens on its board: the last snapshot, with today's queue on it. */
  get cachedSnapshot(): AppSnapshot | null {
    return this.snapshot && { ...this.snapshot, labor: this.view ?? this.snapshot.labor };
  }

  seenSnapshot(snapshot: AppSnapshot): void {
    this.snapshot = snapshot;
    if (snapshot.labor) this.view = snapshot.labor;
    this.saveCache();
  }

  /** The last board this kiosk saw, with its own queued punches on it. */
  get cachedView(): LaborView | null {
    return this.view;
  }

  get waiting(): number {
    return this.pending.size;
  }

  /** The hub is back: refresh the roster copy, then send what waited. */
  async connected(link: HubLink): Promise<void> {
    const roster = await link.deviceRequest('hubKioskRoster', []);
    if (roster.ok) {
      this.roster = roster.result as KioskStaff[];
      this.saveCache();
    }
    await this.drain();
  }

  seenView(view: LaborView): void {
    this.view = view;
    this.saveCache();
  }

  async identify(input: { pin: string } | { userId: string; pin?: string }): Promise<StaffSession> {
    const link = this.options.link();
    if (link?.open) {
      const outcome = await link.request('laborIdentify', [input]);
      if (outcome.ok) {
        const { punchGrant, ...session } = outcome.result as StaffSession;
        // The grant stays here: it goes back to the hub with this person's punches only.
        this.sessions.set(session.token, { ...session, punchGrant });
        return session;
      }
      if (link.open) throw fromErrorPayload(outcome.error);
    }
    return this.serialisedPin(() => this.identifyOffline(input));
  }

  endSession(token: string): void {
    this.sessions.delete(token);
    const link = this.options.link();
    if (link?.open) void link.request('laborEndSession', [token]);
  }

  async punch(token: string, input: PunchInput): Promise<PunchReceipt> {
    const session = this.sessions.get(token);
    if (!session || session.expiresAt < this.now())
      throw new AppError('pin-required', 'Your session has ended: enter your PIN again', { role: 'staff' });
    const punch: ForwardedPunch = {
      punchId: input.punchId ?? randomUUID(),
      userId: session.userId,
      action: input.action,
      ...(input.role ? { role: input.role } : {}),
      ...(input.declaredTipsCents !== undefined ? { declaredTipsCents: input.declaredTipsCents } : {}),
      capturedAt: this.now(),
      // The hub records it only with its own grant for this person on this kiosk; a punch of an
      // offline session says so and waits for a manager's review there.
      ...(session.punchGrant ? { grant: session.punchGrant } : { offline: true }),
    };
    if (!this.pending.has(punch.punchId)) {
      // Durable before anything else: from here on the punch is the queue's to deliver.
      this.queue.append({ add: punch });
      this.pending.set(punch.punchId, punch);
      this.options.onWaiting(this.pending.size);
    }
    // In order: punches queued while the hub was away go first, or the hub would see this one
    // (a punch-out, say) before the punch-in it follows.
    await this.drain();
    const outcome = this.outcomes.get(punch.punchId) ?? null;
    if (outcome?.status === 'refused')
      throw fromErrorPayload(
        readErrorPayload(outcome.problem) ?? appError('invalid', outcome.message, { field: null }).toPayload(),
      );
    if (!outcome) this.applyLocally(punch, session);
    return {
      punchIds: [punch.punchId],
      action: punch.action,
      at: punch.capturedAt,
      userId: session.userId,
      name: session.name,
      role: punch.role?.role ?? this.view?.board.rows.find((r) => r.userId === session.userId)?.role ?? null,
      waitingToSync: this.pending.size,
    };
  }

  /**
   * Sends every queued punch in order (punches added meanwhile included); stops at the first one
   * the link cannot carry. One drain at a time, so the hub always sees the kiosk's order.
   */
  async drain(): Promise<void> {
    while (this.draining) await this.draining;
    this.draining = (async () => {
      for (;;) {
        const next = this.pending.values().next().value;
        if (!next || !(await this.forward(next))) return;
      }
    })();
    try {
      await this.draining;
    } finally {
      this.draining = null;
    }
  }

  /**
   * Revoked: the punches still queued go to the hub's review queue, the one door a revoked
   * credential opens, where a manager accepts or rejects each. Marked done as the hub answers.
   */
  async handOver(
    send: (punches: ForwardedPunch[]) => Promise<{ punchId: string; outcome: ForwardOutcome }[]>,
  ): Promise<void> {
    while (this.draining) await this.draining.catch(() => undefined);
    while (this.pending.size > 0) {
      const batch = [...this.pending.values()].slice(0, 100);
      const outcomes = await send(batch);
      if (outcomes.length === 0) return;
      for (const { punchId, outcome } of outcomes) {
        if (!this.pending.delete(punchId)) continue;
        this.queue.append({ done: punchId, outcome });
        this.outcomes.set(punchId, outcome);
      }
      this.options.onWaiting(this.pending.size);
    }
  }

  close(): void {
    this.queue.close();
  }

  /** Null when the hub could not be asked (the punch stays queued). */
  private async forward(punch: ForwardedPunch): Promise<ForwardOutcome | null> {
    const link = this.options.link();
    if (!link?.open) return null;
    const answer = await link.deviceRequest('hubForwardPunch', [punch]);
    // A punch the hub can never read is set aside with its reason; only a lost link keeps it queued.
    if (!answer.ok && answer.error.kind !== 'invalid') return null;
    const outcome: ForwardOutcome = answer.ok
      ? (answer.result as ForwardOutcome)
      : { status: 'refused', message: answer.error.message };
    this.outcomes.set(punch.punchId, outcome);
    if (this.outcomes.size > 1000) this.outcomes.delete(this.outcomes.keys().next().value as string);
    if (this.pending.delete(punch.punchId)) {
      this.queue.append({ done: punch.punchId, outcome });
      this.options.onWaiting(this.pending.size);
      if (outcome.status === 'refused')
        this.options.log?.(`The hub refused a queued punch (${punch.action} of ${punch.userId}): ${outcome.message}`);
    }
    return outcome;
  }

  private serialisedPin<T>(work: () => Promise<T>): Promise<T> {
    return this.pinQueue.run(work);
  }

  private async identifyOffline(input: { pin: string } | { userId: string; pin?: string }): Promise<StaffSession> {
    const now = this.now();
    if (this.pinLock.lockedUntil > now)
      throw new AppError(
        'locked-out',
        `Too many wrong PINs: wait ${Math.ceil((this.pinLock.lockedUntil - now) / 1000)} seconds`,
        { until: this.pinLock.lockedUntil, deviceId: null, userId: null, pad: 'sign-in' },
      );
    if (!input.pin) throw new AppError('pin-required', 'The hub cannot be reached: enter your PIN', { role: 'staff' });
    const candidates = 'userId' in input ? this.roster.filter((s) => s.userId === input.userId) : this.roster;
    // The venue's lookup tag picks the person and their own hash confirms it, as on the hub.
    const staff = (await findByPin(input.pin, candidates))?.member;
    if (staff) {
      const locationUuid = this.view?.location?.uuid;
      const session: StaffSession = {
        token: randomBytes(24).toString('hex'),
        userId: staff.userId,
        name: staff.name,
        // No manager rights away from the hub: nothing a manager does can be checked here.
        manager: false,
        roles: staff.roles
          .filter((r) => r.locationUuid === locationUuid)
          .map(({ role, roleUuid }) => ({ role, roleUuid })),
        expiresAt: now + SESSION_MS,
      };
      this.sessions.set(session.token, { ...session, offline: true });
      return session;
    }
    this.recordWrongPin(now);
    throw new AppError('invalid', OFFLINE_PIN_REFUSED, { field: 'pin', reason: 'pin-not-recognised-offline' });
  }

  /** Five wrong PINs lock the pad, 30 s doubling up to 15 min; written before the answer goes out. */
  private recordWrongPin(now: number): void {
    const lock = this.pinLock;
    lock.wrong = lock.wrong.filter((t) => now - t < WRONG_WINDOW_MS);
    if (lock.wrong.length === 0 && lock.lockedUntil < now - WRONG_WINDOW_MS) lock.lockouts = 0;
    lock.wrong.push(now);
    if (lock.wrong.length >= MAX_WRONG) {
      lock.wrong = [];
      lock.lockedUntil = now + Math.min(LOCK_MS * 2 ** lock.lockouts, LOCK_MAX_MS);
      lock.lockouts += 1;
    }
    saveJsonFile(this.options.dataDir, PIN_LOCK, lock);
  }

  /** The board as this kiosk now knows it, until the hub's own board comes back. */
  private applyLocally(punch: ForwardedPunch, session: StaffSession): void {
    if (!this.view) return;
    const rows = this.view.board.rows.filter((r) => r.userId !== punch.userId);
    const row = this.view.board.rows.find((r) => r.userId === punch.userId);
    const at = punch.capturedAt;
    if (punch.action === 'punch-in')
      rows.push({
        userId: punch.userId,
        name: session.name,
        role: punch.role?.role ?? null,
        shiftStart: at,
        breakStart: null,
        lastBreakEnd: null,
        pending: true,
      });
    else if (row && punch.action === 'break-start') rows.push({ ...row, breakStart: at, pending: true });
    else if (row && punch.action === 'break-end')
      rows.push({ ...row, breakStart: null, lastBreakEnd: at, pending: true });
    this.view = { ...this.view, board: { ...this.view.board, rows } };
    this.saveCache();
    this.options.onView(this.view);
  }

  private saveCache(): void {
    saveJsonFile(this.options.dataDir, CACHE, {
      version: 1,
      roster: this.roster,
      view: this.view,
      snapshot: this.snapshot,
    });
  }
}
