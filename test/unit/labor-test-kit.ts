// Shared set-up for the labor tests: a LaborService on a temp folder talking to a real sandbox
// over HTTP, with short timeouts so fault scenarios run in seconds, and helpers to read what
// the sandbox really holds.
import { mkdtempSync, rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceClient } from '../../electron/core/api/service-client';
import { LaborService, type LaborTuning } from '../../electron/core/labor/labor-service';
import type { EntryMoney } from '../../electron/core/labor/entry-normalize';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import {
  DEMO_ACCESS_ID,
  DEMO_ACCESS_SECRET,
  SEED_ROLES,
  startSandbox,
  type RunningSandbox,
} from '../../electron/sandbox';
import { FAST_TUNING, HARBOUR } from './labor-test-constants';
import type { LaborEntryRecord } from '../../electron/sandbox/labor/labor-book';
import { keptTime } from '../../electron/sandbox/labor/labor-fields';

export { FAST_TUNING, HARBOUR } from './labor-test-constants';

export function tempDir(prefix = 'venue-labor-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export interface RunningLabor {
  labor: LaborService;
  client: ServiceClient;
  stop(): Promise<void>;
}

export async function startLabor(
  sb: RunningSandbox,
  dataDir: string,
  options: {
    tuning?: Partial<LaborTuning>;
    demoStaff?: boolean;
    location?: boolean;
    fetch?: typeof fetch;
    now?: () => number;
    /** The unit of declared_tips and who hears the tips read; the sandbox's own unit when absent. */
    money?: () => EntryMoney;
  } = {},
): Promise<RunningLabor> {
  const client = demoClient(sb, {
    timeoutMs: options.tuning?.timeoutMs ?? FAST_TUNING.timeoutMs,
    fetch: options.fetch,
  });
  const labor = new LaborService({
    dataDir,
    api: () => client,
    tuning: { ...FAST_TUNING, ...options.tuning },
    now: options.now,
    demoStaff: options.demoStaff ? () => sb.world.staff : undefined,
    // As a manager confirms in Settings: declared_tips in the unit of the sandbox's "number" fields.
    money: options.money ?? (() => ({ unit: sb.world.readings.moneyNumbers })),
  });
  if (options.location !== false && !labor.settings().location) labor.saveSettings({ location: HARBOUR });
  await labor.start();
  return {
    labor,
    client,
    stop: async () => {
      await labor.stop();
      client.dispose();
    },
  };
}

type LaborOptions = Parameters<typeof startLabor>[2];

export interface LaborRig {
  /** This test's sandbox. */
  readonly sb: RunningSandbox;
  /** This test's data folder. */
  readonly dir: string;
  /** A labor core on this test's sandbox and folder; the last one started is stopped after the test. */
  start(options?: LaborOptions): Promise<RunningLabor>;
}

/**
 * A fresh sandbox and data folder for each test of the calling suite, for tests that start the
 * labor core themselves (with their own options, or again after a stop to act as a restart).
 */
export function sandboxEachTest(): LaborRig {
  let sb: RunningSandbox | null = null;
  let dir: string | null = null;
  let running: RunningLabor | null = null;
  beforeEach(async () => {
    sb = await startSandbox();
    dir = tempDir();
  });
  afterEach(async () => {
    await running?.stop();
    running = null;
    await sb?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
    sb = null;
    dir = null;
  });
  const rig: LaborRig = {
    get sb() {
      if (!sb) throw new Error('the sandbox starts before each test');
      return sb;
    },
    get dir() {
      if (!dir) throw new Error('the data folder is made before each test');
      return dir;
    },
    start: async (options) => (running = await startLabor(rig.sb, rig.dir, options)),
  };
  return rig;
}

/** A service client signed in as the sandbox's demo integration, with its own secrets. */
export function demoClient(
  sb: RunningSandbox,
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): ServiceClient {
  return new ServiceClient({
    baseUrl: sb.baseUrl,
    accessId: DEMO_ACCESS_ID,
    accessSecret: DEMO_ACCESS_SECRET,
    secrets: new MemorySecretStore(),
    ...options,
  });
}

/**
 * One sandbox for the whole calling suite (tests reset its world themselves). `timeZone` sets the
 * process's TZ while the suite runs, for tests that must not pass by living in UTC; the old one is
 * put back after.
 */
export function sandboxForSuite(options: { timeZone?: string } = {}): { readonly sb: RunningSandbox } {
  let sb: RunningSandbox | null = null;
  const savedTz = process.env.TZ;
  beforeAll(async () => {
    if (options.timeZone) process.env.TZ = options.timeZone;
    sb = await startSandbox();
  });
  afterAll(async () => {
    await sb?.close();
    if (!options.timeZone) return;
    if (savedTz === undefined) delete process.env.TZ;
    else process.env.TZ = savedTz;
  });
  return {
    get sb() {
      if (!sb) throw new Error('the sandbox starts before the suite');
      return sb;
    },
  };
}

/**
 * A shift put straight on the service (or, with `breakOf`, an unpaid break of that shift): server
 * 1002 at the Harbour unless told otherwise; with `punchOutMs` null it is still open.
 */
export function addLaborEntry(
  sb: { world: RunningSandbox['world'] },
  entry: {
    punchInMs: number;
    punchOutMs: number | null;
    declaredTips?: number | null;
    userId?: string;
    role?: keyof typeof SEED_ROLES;
    locationUuid?: string;
    breakOf?: string;
    createdMs?: number;
  },
): LaborEntryRecord {
  const role = entry.role ?? 'server';
  return sb.world.labor.add({
    locationUuid: entry.locationUuid ?? HARBOUR.uuid,
    shiftUuid: entry.breakOf ?? null,
    punchType: entry.breakOf ? 'unpaid_break' : 'shift',
    userId: entry.userId ?? '1002',
    role,
    roleUuid: SEED_ROLES[role],
    punchInMs: entry.punchInMs,
    punchOutMs: entry.punchOutMs,
    declaredTips: entry.declaredTips ?? null,
    createdMs: entry.createdMs ?? entry.punchInMs,
  });
}

/** Resolves once nothing waits in the outbox (pending, failed or blocked), or throws with the outbox state. */
export async function drained(labor: LaborService, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const s = labor.view().outbox;
    if (s.pending + s.failed + s.blocked === 0) return;
    if (
      s.pending === 0 &&
      s.failed + s.blocked > 0 &&
      labor.outboxItems().every((i) => i.state === 'failed' || i.state === 'blocked')
    ) {
      throw new Error(`punches were parked instead of sent: ${JSON.stringify(labor.outboxItems().slice(0, 5))}`);
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(
        `outbox not drained after ${timeoutMs} ms: ${JSON.stringify(s)} ${JSON.stringify(labor.outboxItems().slice(0, 5))}`,
      );
    }
    await sleep(20);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function entriesAt(sb: RunningSandbox, locationUuid = HARBOUR.uuid): LaborEntryRecord[] {
  return sb.world.labor.all().filter((e) => e.locationUuid === locationUuid);
}

/** A small deterministic PRNG (mulberry32), so a failing scenario can be replayed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ModelBreak {
  startAt: number;
  endAt: number | null;
}

/** What a test expects the service to hold for one shift it punched. */
export interface ModelShift {
  userId: string;
  startAt: number;
  endAt: number | null;
  tips: number | null;
  breaks: ModelBreak[];
}

/** Builds the expected shifts from punches in capture order. */
export function modelFromPunches(
  punches: { kind: string; userId: string; capturedAt: number; tips: number | null }[],
): ModelShift[] {
  const shifts: ModelShift[] = [];
  const open = new Map<string, ModelShift>();
  for (const p of punches) {
    const s = open.get(p.userId);
    if (p.kind === 'shift-start') {
      const next: ModelShift = { userId: p.userId, startAt: p.capturedAt, endAt: null, tips: null, breaks: [] };
      shifts.push(next);
      open.set(p.userId, next);
    } else if (p.kind === 'break-start') s?.breaks.push({ startAt: p.capturedAt, endAt: null });
    else if (p.kind === 'break-end') {
      const b = s?.breaks.at(-1);
      if (b) b.endAt = p.capturedAt;
    } else if (s) {
      s.endAt = p.capturedAt;
      s.tips = p.tips;
      open.delete(p.userId);
    }
  }
  return shifts;
}

/**
 * One entry per start punch, every end applied, each break inside its own shift; nothing else.
 * Shifts pair with the model in per-person creation order (the outbox sends one person's punches in
 * order), and times compare at the precision the service keeps: under the minute reading two shifts
 * of one person can share a minute, so matching by time alone would prove nothing.
 */
export function verifyAgainstModel(sb: RunningSandbox, shifts: ModelShift[]): void {
  const entries = entriesAt(sb).sort((a, b) => a.seq - b.seq);
  const kept = (ms: number | null) => (ms === null ? null : keptTime(ms, sb.world.readings.punchPrecision));
  const sandboxShifts = entries.filter((e) => e.shiftUuid === null);
  const sandboxBreaks = entries.filter((e) => e.shiftUuid !== null);
  const expectedBreaks = shifts.reduce((n, s) => n + s.breaks.length, 0);
  expect(sandboxShifts.length, 'one shift entry per punch-in').toBe(shifts.length);
  expect(sandboxBreaks.length, 'one break entry per break start').toBe(expectedBreaks);
  const seen = new Map<string, number>();
  for (const s of shifts) {
    const nth = seen.get(s.userId) ?? 0;
    seen.set(s.userId, nth + 1);
    const shift = sandboxShifts.filter((e) => e.userId === s.userId)[nth];
    expect(shift, `shift ${nth + 1} of ${s.userId}`).toBeDefined();
    expect(shift.punchInMs, `start of shift ${nth + 1} of ${s.userId}`).toBe(kept(s.startAt));
    expect(shift.punchOutMs, `end of shift ${nth + 1} of ${s.userId}`).toBe(kept(s.endAt));
    expect(shift.declaredTips).toBe(s.tips);
    const breaks = sandboxBreaks.filter((e) => e.shiftUuid === shift.uuid);
    expect(
      breaks.map((b) => [b.punchInMs, b.punchOutMs]),
      `breaks of shift ${nth + 1} of ${s.userId}`,
    ).toEqual(s.breaks.map((b) => [kept(b.startAt), kept(b.endAt)]));
  }
  // Every break sits in a shift of the same person (none orphaned, none in someone else's shift).
  for (const b of sandboxBreaks) {
    const owner = sandboxShifts.find((e) => e.uuid === b.shiftUuid);
    expect(owner?.userId, 'the break is in a shift of its own person').toBe(b.userId);
  }
}
