// Shared set-up for the labor tests: a LaborService on a temp folder talking to a real sandbox
// over HTTP, with short timeouts so fault scenarios run in seconds, and helpers to read what
// the sandbox really holds.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServiceClient } from '../../electron/core/api/service-client';
import { LaborService, type LaborTuning } from '../../electron/core/labor/labor-service';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET, SEED_LOCATIONS, type RunningSandbox } from '../../electron/sandbox';
import type { LaborEntryRecord } from '../../electron/sandbox/labor/labor-book';

export const HARBOUR = { uuid: SEED_LOCATIONS.harbour, name: 'Harbour Bar & Kitchen', timezone: 'America/New_York' };

/** Fast enough for tests, with the settle delay comfortably longer than any injected delay. */
export const FAST_TUNING: Partial<LaborTuning> = {
  timeoutMs: 250,
  settleMs: 1000,
  quickSettleMs: 50,
  backoffMinMs: 20,
  backoffMaxMs: 200,
  concurrency: 4,
  boardRefreshMs: 0,
  scryptN: 1024,
};

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
  options: { tuning?: Partial<LaborTuning>; demoStaff?: boolean; location?: boolean } = {},
): Promise<RunningLabor> {
  const client = new ServiceClient({
    baseUrl: sb.baseUrl,
    accessId: DEMO_ACCESS_ID,
    accessSecret: DEMO_ACCESS_SECRET,
    secrets: new MemorySecretStore(),
    timeoutMs: options.tuning?.timeoutMs ?? FAST_TUNING.timeoutMs,
  });
  const labor = new LaborService({
    dataDir,
    api: () => client,
    tuning: { ...FAST_TUNING, ...options.tuning },
    demoStaff: options.demoStaff ? () => sb.world.staff : undefined,
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

/** Resolves once nothing waits in the outbox (pending, failed or blocked), or throws with the outbox state. */
export async function drained(labor: LaborService, timeoutMs = 30_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    const s = labor.view().outbox;
    if (s.pending + s.failed + s.blocked === 0) return;
    if (Date.now() - started > timeoutMs) {
      throw new Error(`outbox not drained after ${timeoutMs} ms: ${JSON.stringify(s)} ${JSON.stringify(labor.outboxItems().slice(0, 5))}`);
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
