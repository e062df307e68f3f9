// Issue 13, "a kiosk that loses the hub": a kiosk satellite keeps taking punches while the hub is
// down or restarting (PINs checked against its copy of the roster's hashes), queues each punch
// durably with its id, shows how many wait, and forwards them when the hub is back. The hub takes
// each id exactly once. Fault schedule: 200 punches with the hub stopped and restarted, and the
// satellite itself restarted, at seeded random moments.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { startSatellite, type RunningSatellite } from '../../electron/host/satellite';
import type { PunchReceipt, StaffSession } from '../../shared/labor';
import { drained, entriesAt, rng } from './labor-test-kit';
import { allowedCode, startTestHub, type TestHub } from './hub-kit';
import { waitUntil, tempDirs } from '../support';
import { PRACTICE_STAFF } from './labor-test-constants';

const cleanups: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-satellite-');
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
  dirs.removeAll();
});

async function call<T>(s: RunningSatellite, channel: string, ...args: unknown[]): Promise<T> {
  const outcome = await dispatchRequest(s.handlers, channel, args);
  if (!outcome.ok) throw new Error(outcome.error.message);
  return outcome.result as T;
}

describe('a kiosk satellite that loses the hub', () => {
  it('200 punches across hub stops, restarts and its own restarts: each lands exactly once', async () => {
    const hubDir = dirs.make();
    const satDir = dirs.make();
    let h: TestHub | null = await startTestHub(hubDir);
    cleanups.push(() => h?.stop());
    const port = Number(new URL(h.url).port);
    // The kiosk's clock: a minute per punch, all in the past, so shifts never overlap at the service.
    let clock = Date.now() - 260 * 60_000;
    const now = () => clock;
    const code = allowedCode(h.app, 'kiosk');
    const open = (pairCode?: string) =>
      startSatellite({
        dataDir: satDir,
        hubUrl: h ? h.url.replace('https://', '') : undefined,
        pairCode,
        deviceName: 'Door',
        retryMs: { first: 30, max: 150 },
        now,
      });
    let s = await open(code);
    cleanups.push(() => s.close());
    // The roster copy arrives on connect; the board copy with the first read.
    await waitUntil(() => readFileSyncSafe(join(satDir, 'satellite-cache.json')).includes('"2004"'));
    await call(s, 'laborView');

    const random = rng(13);
    // The practice venue starts with some people on shift since this morning: punch the others.
    await h.app.handlers.laborRefreshBoard();
    const here = h.app.labor.location().uuid;
    const PEOPLE = PRACTICE_STAFF.filter(
      (p) =>
        !h!.app.labor.rowFor(p.userId) && h!.app.labor.roster.get(p.userId)?.roles.some((r) => r.locationUuid === here),
    );
    expect(PEOPLE.length).toBeGreaterThanOrEqual(2);
    const onShift = new Set<string>();
    const windowStart = clock;
    let ins = 0;
    const ids: string[] = [];
    let waitedMax = 0;
    let offlinePunches = 0;
    for (let i = 0; i < 200; i++) {
      const roll = random();
      if (roll < 0.05 && h) {
        await h.stop();
        h = null;
      } else if (roll < 0.1 && !h) {
        h = await startTestHub(hubDir, port);
      } else if (roll < 0.13) {
        await s.close();
        s = await open();
      }
      const person = PEOPLE[i % PEOPLE.length];
      clock += 60_000;
      const session = await call<StaffSession>(s, 'laborIdentify', { pin: person.pin });
      const action = onShift.has(person.userId) ? 'punch-out' : 'punch-in';
      const receipt = await call<PunchReceipt>(s, 'laborPunch', session.token, {
        action,
        ...(action === 'punch-in' ? { role: session.roles[0] } : { declaredTipsCents: 100 }),
      });
      ids.push(receipt.punchIds[0]);
      if (action === 'punch-in') {
        onShift.add(person.userId);
        ins++;
      } else onShift.delete(person.userId);
      if (!h) offlinePunches++;
      waitedMax = Math.max(waitedMax, s.status().waitingPunches);
    }
    h ??= await startTestHub(hubDir, port);
    await waitUntil(() => s.status().link === 'connected' && s.status().waitingPunches === 0, 20_000);
    // The kiosk's clock runs hours behind the hub's, and some punches were taken offline: the hub
    // holds those for a manager, who approves them in the order they were taken.
    const manager = await h.app.handlers.laborIdentify({ pin: '9999' });
    const held = (await h.app.handlers.hubReview(manager.token)).items
      .filter((i) => i.status === 'held')
      .sort((a, b) => a.capturedAt - b.capturedAt);
    for (const item of held) await h.app.handlers.hubReviewDecide(manager.token, item.punchId, { decision: 'approve' });
    await drained(h.app.labor, 60_000);

    // Exactly once: every id accepted or approved once by the hub, none refused, and the service
    // holds one entry per punch-in, each closed by its punch-out.
    const lines = readFileSyncSafe(join(hubDir, 'hub', 'forwarded-punches.log'))
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as { id: string; refused?: string });
    expect(lines.filter((l) => l.refused)).toEqual([]);
    const review = (await h.app.handlers.hubReview(manager.token)).items;
    expect(review.filter((i) => i.status !== 'approved')).toEqual([]);
    const landed = [...lines.map((l) => l.id), ...review.map((i) => i.punchId)];
    expect(new Set(landed).size).toBe(landed.length);
    expect(new Set(landed)).toEqual(new Set(ids));
    const entries = entriesAt(h.app.sandbox()!).filter((e) => PEOPLE.some((p) => p.userId === e.userId));
    const ours = entries.filter((e) => e.punchInMs >= windowStart);
    expect(ours.length).toBe(ins);
    expect(entries.filter((e) => e.punchOutMs !== null && e.punchOutMs >= windowStart).length).toBe(200 - ins);
    expect(offlinePunches).toBeGreaterThan(20);
    expect(waitedMax).toBeGreaterThan(5);
    console.log(
      `[figure] kiosk without its hub: 200 punches, ${offlinePunches} taken while the hub was down, up to ${waitedMax} waiting at once; accepted or approved once each: ${landed.length}, service entries opened: ${ours.length}`,
    );
  }, 180_000);
});

function readFileSyncSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}
