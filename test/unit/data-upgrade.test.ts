// A venue's first update: the data folders release 0.1.0 wrote (data-v1-kit.ts) opened by this
// build. Every count is what that release left (devices, staff, review queue, ledger, practice
// venue, events), every PIN still signs in, the kiosk's queued punches reach the service once
// each after the hub comes back, and no data-health notice is raised. The clocks run on from the
// moment the fixtures were made, so no retention ages them away however old this checkout is.
import { LOG_FORMAT } from '../../electron/core/webhooks/log-meta';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { MemorySecretStore } from '../../electron/core/secrets/secret-store';
import { signBody } from '../../electron/core/webhooks';
import { createApp, type App } from '../../electron/host/create-app';
import { hubModeSaved } from '../../electron/core/hub/hub-mode';
import { loadDeviceSetup } from '../../electron/core/setup/device-setup';
import { startSatellite, type RunningSatellite } from '../../electron/host/satellite';
import type { StaffSession } from '../../shared/labor';
import { freePort, tempDirs, waitUntil } from '../support';
import { copyFixture, DEMO_PINS, fixtureClock, hashes, manifest } from './data-v1-kit';
import { drained, entriesAt } from './labor-test-kit';
import { newPairingSecret } from '../../electron/core/hub/pairing-check';

const undo: (() => Promise<void> | void)[] = [];
const dirs = tempDirs('venue-upgrade-');
afterEach(async () => {
  while (undo.length) await undo.pop()!();
  dirs.removeAll();
});

async function openHub(dataDir: string, port: number, now: () => number): Promise<App> {
  const app = await createApp({
    dataDir,
    runtime: 'headless',
    secrets: new MemorySecretStore(),
    labor: { scryptN: 1024 },
    hub: { when: 'always', host: '127.0.0.1', port, mdns: false },
    now,
  });
  undo.push(() => app.stop());
  await app.start();
  return app;
}

async function openSatellite(dataDir: string, port: number): Promise<RunningSatellite> {
  const s = await startSatellite({ dataDir, hubUrl: `127.0.0.1:${port}`, retryMs: { first: 30, max: 150 } });
  undo.push(() => s.close());
  return s;
}

async function call<T>(s: RunningSatellite, channel: string, ...args: unknown[]): Promise<T> {
  const outcome = await dispatchRequest(s.handlers, channel, args);
  if (!outcome.ok) throw new Error(`${channel}: ${outcome.error.message}`);
  return outcome.result as T;
}

const notices = (app: { dataHealth: { view(): { notices: unknown[] } } }) => app.dataHealth.view().notices;

describe('data folders of release 0.1.0 opened by this build', () => {
  it('the hub, its kiosk and the manager tablet: every count kept, queued punches land once', async () => {
    const now = fixtureClock();
    const hubDir = dirs.make();
    const kioskDir = dirs.make();
    const officeDir = dirs.make();
    copyFixture('venue/hub', hubDir);
    copyFixture('venue/kiosk', kioskDir);
    copyFixture('venue/office', officeDir);
    const port = await freePort();
    const { venue } = manifest;

    // The kiosk on its own first, the hub still down: its queue and its copy of the PINs.
    let kiosk = await openSatellite(kioskDir, port);
    expect(kiosk.status().waitingPunches).toBe(venue.kioskWaiting);
    const offline = await call<StaffSession>(kiosk, 'laborIdentify', { pin: DEMO_PINS[venue.people[0]] });
    expect(offline.userId).toBe(venue.people[0]);
    await kiosk.close();

    const hub = await openHub(hubDir, port, now);
    expect(hub.hub!.devices().map(({ id, name, role, revokedAt }) => ({ id, name, role, revokedAt }))).toEqual(
      venue.devices,
    );
    expect(
      hub.labor.roster.views().map(({ userId, name, manager, hasPin }) => ({ userId, name, manager, hasPin })),
    ).toEqual(venue.staff);
    const manager = await hub.handlers.laborIdentify({ pin: '9999' });
    expect(manager.manager).toBe(true);
    for (const userId of venue.people)
      expect((await hub.handlers.laborIdentify({ pin: DEMO_PINS[userId] })).userId).toBe(userId);
    const review = (await hub.handlers.hubReview(manager.token)).items;
    expect(review.map(({ punchId, userId, status, reasons }) => ({ punchId, userId, status, reasons }))).toEqual(
      venue.review,
    );
    expect(hub.requests.size).toBe(venue.ledgerEntries);
    await waitUntil(() => hub.sandbox() !== null, 10_000);
    const world = hub.sandbox()!.world;
    expect({
      users: world.users.size,
      integrations: world.integrations.size,
      laborEntries: world.labor.exportState().entries.length,
    }).toEqual(venue.practiceVenue);

    // The manager's tablet is still paired; the kiosk hands its queue over.
    const office = await openSatellite(officeDir, port);
    await waitUntil(() => office.status().link === 'connected', 10_000);
    kiosk = await openSatellite(kioskDir, port);
    await waitUntil(() => kiosk.status().link === 'connected' && kiosk.status().waitingPunches === 0, 20_000);
    const after = (await hub.handlers.hubReview(manager.token)).items;
    const queued = after.filter((i) => venue.queued.includes(i.punchId));
    expect(queued.map((i) => i.punchId).sort()).toEqual([...venue.queued].sort());
    expect(queued.every((i) => i.status === 'held' && i.reasons.includes('offline'))).toBe(true);

    // A manager approves everything held, in the order it was taken, and the approvals twice.
    const held = after.filter((i) => i.status === 'held').sort((a, b) => a.capturedAt - b.capturedAt);
    for (const item of held) await hub.handlers.hubReviewDecide(manager.token, item.punchId, { decision: 'approve' });
    for (const item of held)
      await hub.handlers.hubReviewDecide(manager.token, item.punchId, { decision: 'approve' }).catch(() => null);
    await drained(hub.labor, 30_000);
    const entries = entriesAt(hub.sandbox()!);
    const from = Math.min(...queued.map((i) => i.capturedAt));
    const to = Math.max(...queued.map((i) => i.capturedAt));
    const landed = entries.filter((e) => e.punchInMs >= from && e.punchInMs <= to);
    // One shift per person, opened and closed by the queued punches, and nothing else twice.
    expect(landed.map((e) => e.userId).sort()).toEqual([...venue.people].sort());
    expect(landed.every((e) => e.punchOutMs !== null && e.punchOutMs <= to)).toBe(true);
    const heldBefore = venue.review.filter((i) => i.status === 'held').length / 2;
    expect(world.labor.exportState().entries.length).toBe(
      venue.practiceVenue.laborEntries + landed.length + heldBefore,
    );
    expect(notices(hub)).toEqual([]);
  }, 60_000);

  it('the workstation: its 2000 events and counters, sidecar and checkpoint, and the log takes more', async () => {
    const dataDir = dirs.make();
    copyFixture('workstation', dataDir);
    const port = await freePort();
    const open = async () => {
      const app = await createApp({
        dataDir,
        runtime: 'headless',
        secrets: new MemorySecretStore(),
        webhook: { port, secret: manifest.webhookSecret },
        now: fixtureClock(),
      });
      undo.push(() => app.stop());
      await app.start();
      return app;
    };
    const app = await open();
    expect(app.webhooks.counters()).toEqual(manifest.workstation.counters);
    expect((await app.handlers.listEvents({}, 0, 1)).total).toBe(manifest.workstation.rows);
    expect((await app.handlers.listEvents({ verification: 'rejected' }, 0, 5)).total).toBe(1);
    expect(notices(app)).toEqual([]);

    // A new delivery is stored after the old ones, and both survive a restart.
    const body = JSON.stringify({
      type: 'CLOSE_TAB',
      locationUuid: '1c000000-0000-4000-8000-000000000001',
      createdAt: new Date(manifest.stoppedAt).toISOString(),
      targetUuid: 'tab-after-upgrade',
      data: {},
    });
    const response = await fetch(app.webhooks.status().url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Service-Signature': signBody(body, manifest.webhookSecret) },
      body,
    });
    expect(response.status).toBe(200);
    await app.stop();
    const again = await open();
    expect((await again.handlers.listEvents({}, 0, 1)).total).toBe(manifest.workstation.rows + 1);
    expect(again.webhooks.counters().verified).toBe(manifest.workstation.counters.verified + 1);
    expect(notices(again)).toEqual([]);
  });
});

/** Makes every versioned file of `dir` look written by release 99.0.0 at its format's next version. */
function fromNewerRelease(dir: string): string[] {
  const bumped: string[] = [];
  for (const rel of Object.keys(hashes(dir))) {
    const path = join(dir, rel);
    // The event log's segments have no version of their own: log-meta.json's is theirs.
    if (rel.startsWith('webhooks')) continue;
    if (rel.endsWith('.json')) {
      const doc = JSON.parse(readFileSync(path, 'utf8')) as { version?: number };
      writeFileSync(path, JSON.stringify({ ...doc, version: (doc.version ?? 1) + 1, writtenBy: NEWER }));
    } else if (rel.endsWith('.log') || rel.endsWith('.jsonl')) {
      const header = JSON.stringify({ format: basename(rel), version: 2, writtenBy: NEWER });
      writeFileSync(path, `${header}\n${readFileSync(path, 'utf8')}`);
    } else if (rel.endsWith('venue.v8')) {
      const world = deserialize(readFileSync(path)) as { version: number };
      writeFileSync(path, serialize({ ...world, version: world.version + 1, writtenBy: NEWER }));
    } else continue;
    bumped.push(rel);
  }
  return bumped;
}

const NEWER = '99.0.0';

describe('a data folder a newer release wrote', () => {
  it('is left byte for byte, each file is said to be from that release, and writes are refused', async () => {
    const hubDir = dirs.make();
    copyFixture('venue/hub', hubDir);
    const bumped = fromNewerRelease(hubDir);
    const before = hashes(hubDir);
    const hub = await openHub(hubDir, 0, fixtureClock());
    await waitUntil(() => hub.sandbox() !== null, 10_000);
    // The two the roots read before the core (the first-start choice, "this device is the hub").
    expect(loadDeviceSetup(hubDir, hub.dataHealth.sink)).toBeNull();
    expect(hubModeSaved(hubDir, hub.dataHealth.sink)).toBe(false);

    const said = hub.dataHealth.view().notices.filter((n) => n.severity === 'error' && n.sentence.includes(NEWER));
    expect(said.map((n) => n.file).sort()).toEqual([...bumped].sort());
    expect(hub.dataHealth.view().notices.filter((n) => !said.includes(n))).toEqual([]);
    expect(said.find((n) => n.file === 'hub/devices.json')!.sentence).toMatch(
      /^The list of paired devices: written by release 99\.0\.0 of the app \(format version 2\), newer than this release/,
    );
    // Nobody signs in on a staff list this release cannot read, and nothing is written to one.
    expect((await hub.handlers.laborView()).rosterError).not.toBeNull();
    await expect(hub.handlers.laborIdentify({ pin: '9999' })).rejects.toThrow();
    const code = hub.hub!.openPairing('kiosk').pairing!.code;
    const asked = hub.hub!.pair(code, 'New till', '127.0.0.1', newPairingSecret());
    if (!asked.ok) throw new Error(asked.message);
    expect(() => hub.hub!.decidePairing(asked.request, true)).toThrow(
      expect.objectContaining({ kind: 'data-damaged' }),
    );
    await hub.stop();
    const after = hashes(hubDir);
    expect(Object.fromEntries(Object.keys(before).map((rel) => [rel, after[rel]]))).toEqual(before);
  });

  it('the event log: read as empty, deliveries refused (the service sends them again), never touched', async () => {
    const dataDir = dirs.make();
    copyFixture('workstation', dataDir);
    const bumped = fromNewerRelease(dataDir);
    // The newer release's log says its version in its summary, which every start writes.
    writeFileSync(
      join(dataDir, 'webhooks', 'webhook-log', 'log-meta.json'),
      // Past this release's log format (log-meta.ts LOG_FORMAT).
      JSON.stringify({ version: LOG_FORMAT.version + 1, writtenBy: NEWER, lastSeq: 2001 }),
      { mode: 0o600 },
    );
    const before = hashes(dataDir);
    const app = await createApp({
      dataDir,
      runtime: 'headless',
      secrets: new MemorySecretStore(),
      webhook: { port: await freePort(), secret: manifest.webhookSecret },
      now: fixtureClock(),
    });
    undo.push(() => app.stop());
    await app.start();
    expect((await app.handlers.listEvents({}, 0, 1)).total).toBe(0);
    expect(app.webhooks.status().message).toMatch(/release 99\.0\.0/);
    expect(loadDeviceSetup(dataDir, app.dataHealth.sink)).toBeNull();
    const errors = app.dataHealth.view().notices.filter((n) => n.severity === 'error');
    expect(errors.map((n) => n.file).sort()).toEqual([...bumped, 'webhooks/webhook-log/log-meta.json'].sort());
    expect(errors.every((n) => n.sentence.includes(NEWER))).toBe(true);
    // The tabs board's checkpoint is of events this run does not read: it starts empty (info).
    expect(app.dataHealth.view().notices.filter((n) => n.severity === 'warning')).toEqual([]);
    const body = JSON.stringify({ type: 'CLOSE_TAB', createdAt: new Date(manifest.stoppedAt).toISOString(), data: {} });
    const response = await fetch(app.webhooks.status().url!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Service-Signature': signBody(body, manifest.webhookSecret) },
      body,
    });
    expect(response.status).toBeGreaterThanOrEqual(500);
    await app.stop();
    const after = hashes(dataDir);
    expect(Object.fromEntries(Object.keys(before).map((rel) => [rel, after[rel]]))).toEqual(before);
  });
});
