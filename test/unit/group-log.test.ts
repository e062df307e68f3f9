// A group of venues over real processes: a 3-node head-office cluster and two venues, each a whole
// hub core with its own leaf node, on loopback with temp folders. The hubs' punches, refunds and
// accepted events reach the office's read models with the same counts and totals each hub has,
// through a head-office node killed mid-stream and a venue's link cut and restored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { tempDirs } from '../support';
import { newRequestId as rid } from '../../shared/request-id';
import type { RunningOffice } from '../../electron/office/office';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { ModelRunner } from '../../electron/office/model-runner';
import { readModels } from '../../electron/office/models';
import { countOf, eventually, groupSetup, startHub, startTestOffice, view, type Venue } from './group-kit';
import type { TestCore } from './tabs-kit';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseGroupJoin } from '../../electron/core/group/group-join';
import { officePaths } from '../../electron/office/office-config';

const dirs = tempDirs('venue-group-');
let office: RunningOffice;
let officeDir: string;
let venues: Venue[];
const hubs = new Map<string, TestCore>();

beforeAll(async () => {
  officeDir = dirs.make();
  venues = await groupSetup(officeDir, 3, ['north', 'south'], ['south']);
  office = await startTestOffice(officeDir);
  for (const v of venues) hubs.set(v.venueId, await startHub(dirs.make(), v));
}, 90_000);

afterAll(async () => {
  for (const hub of hubs.values()) await hub.stop();
  await office?.stop();
  for (const v of venues ?? []) for (const r of v.relays) await r.close();
  dirs.removeAll();
}, 30_000);

/** A short day at a venue: guests' tabs (some closed), staff punching in and out, refunds. */
async function dayAt(t: TestCore, people: string[]): Promise<{ refunded: number }> {
  const h = t.core.handlers;
  const { closed } = await t.control.simulateGuests({ tabs: 3, close: 'some' });
  for (const pin of people) {
    const s = await h.laborIdentify({ pin });
    await h.laborPunch(s.token, { action: 'punch-in' });
    await h.laborEndSession(s.token);
  }
  let refunded = 0;
  for (const uuid of closed) {
    await eventually(() => expect(t.core.tabs.boardView().closed.some((tab) => tab.uuid === uuid)).toBe(true));
    const outcome = await h.tabRefund(uuid, { managerPin: '9999', amount: 100 }, rid());
    if (outcome.ok) refunded += outcome.amount ?? 0;
  }
  return { refunded };
}

const landedPunches = (t: TestCore) => t.core.labor.outbox.all().filter((s) => s.status === 'done').length;

describe('a group of venues on NATS JetStream', () => {
  it('shows at the office the counts and totals each hub has', async () => {
    const north = hubs.get('north')!;
    const south = hubs.get('south')!;
    const refunds = { north: await dayAt(north, ['1111', '2222']), south: await dayAt(south, ['3333']) };
    await eventually(() => expect(landedPunches(north)).toBe(2));
    await eventually(() => expect(landedPunches(south)).toBe(1));
    for (const [venueId, t] of hubs) {
      const r = refunds[venueId as 'north' | 'south'];
      expect(r.refunded).toBeGreaterThan(0);
      // Deliveries (a refund's PAYMENT_REFUNDED) may still be arriving: the hub is read each time.
      await eventually(async () => {
        await t.core.group.idle();
        const board = t.core.tabs.boardView();
        const hubEvents = t.core.webhooks.counters().verified + t.core.webhooks.counters().unsigned;
        expect(hubEvents).toBeGreaterThan(5);
        expect(board.closedCount).toBeGreaterThan(0);
        const v = await view(office, [venueId]);
        expect(v.takings[0]).toMatchObject({
          events: hubEvents,
          openTabs: board.open.length,
          openTotal: board.open.reduce((n, tab) => n + tab.total, 0),
          closedTabs: board.closedCount,
        });
        expect(await countOf(office, 'select count(*) as n from office_punches where venue_id = $1', [venueId])).toBe(
          landedPunches(t),
        );
        expect(v.refunds.filter((x) => x.state === 'accepted').reduce((n, x) => n + (x.amount ?? 0), 0)).toBe(
          r.refunded,
        );
        expect(v.refunds.every((x) => x.approvedBy?.name === 'Alex Manager')).toBe(true);
      });
    }
    const all = await view(office);
    expect(all.onShift.map((r) => `${r.venueId}:${r.name}`).sort()).toEqual([
      'north:Jordan Bartender',
      'north:Sam Server',
      'south:Morgan Server',
    ]);
  }, 90_000);

  it('refuses a venue credential publishing under another venue’s subjects, and the office any write', async () => {
    const north = parseGroupJoin(venues.find((v) => v.venueId === 'north')!.joinText);
    const servers = `127.0.0.1:${office.config.nodes[0].clientPort}`;
    const nc = await connect({ servers, user: 'venue-north', pass: north.password });
    const errors: string[] = [];
    void (async () => {
      for await (const s of nc.status()) if (s.type === 'error') errors.push(String(s.error?.message));
    })();
    nc.publish('venue.south.labor.punch', '{"forged":true}');
    await nc.flush();
    await eventually(() =>
      expect(errors.join(' ')).toMatch(/Permissions Violation for Publish to "venue.south.labor.punch"/),
    );
    await nc.close();
    const reader = await connect({ servers, user: 'office', pass: office.config.officePassword });
    const jsm = await jetstreamManager(reader);
    await expect(jsm.streams.delete('GROUP')).rejects.toThrow(/Permissions Violation/);
    await expect(jsm.streams.purge('GROUP')).rejects.toThrow(/Permissions Violation/);
    await reader.close();
    expect(
      await countOf(office, "select count(*) as n from office_punches where venue_id = 'south' and name = ''"),
    ).toBe(0);
  });

  it('keeps no password whole in a server’s config, and refuses a wrong one', async () => {
    const texts = [
      ...office.config.nodes.map((n) => readFileSync(officePaths(officeDir).nodeConfig(n.name), 'utf8')),
      readFileSync(join(officeDir, 'office.json'), 'utf8'),
    ];
    const secrets = venues.map((v) => parseGroupJoin(v.joinText).password);
    for (const text of texts) for (const secret of secrets) expect(text).not.toContain(secret);
    for (const text of texts.slice(0, -1)) {
      expect(text).not.toContain(office.config.adminPassword);
      expect(text).not.toContain(office.config.officePassword);
      const passwords = [...text.matchAll(/password: "([^"]*)"/g)].map((m) => m[1]);
      expect(passwords.length).toBe(3 + venues.length);
      expect(passwords.filter((p) => !/^\$2[aby]\$10\$.{53}$/.test(p))).toEqual([]);
    }
    // The venue's leaf node: the hub's local password is a hash too; the venue's own credential is
    // there whole, the one place it must be (the leaf node signs in to head office with it).
    for (const [venueId, hub] of hubs) {
      const leaf = readFileSync(join(hub.dataDir, 'group', 'leaf.conf'), 'utf8');
      expect(/authorization \{ user: "hub", password: "(\$2[aby]\$10\$[^"]{53})" \}/.test(leaf)).toBe(true);
      expect(leaf).toContain(
        encodeURIComponent(parseGroupJoin(venues.find((v) => v.venueId === venueId)!.joinText).password),
      );
    }
    // The hashes check: the right password signs in, a wrong one is refused.
    const servers = `127.0.0.1:${office.config.nodes[0].clientPort}`;
    const north = await connect({ servers, user: 'venue-north', pass: secrets[0] });
    await north.close();
    await expect(connect({ servers, user: 'venue-north', pass: `${secrets[0]}x`, reconnect: false })).rejects.toThrow(
      /Authorization Violation/i,
    );
    await expect(connect({ servers, user: 'venue-north', pass: secrets[1], reconnect: false })).rejects.toThrow(
      /Authorization Violation/i,
    );
  });

  it('publishes no PIN, secret, credential or raw header', async () => {
    const reader = await connect({
      servers: `127.0.0.1:${office.config.nodes[0].clientPort}`,
      user: 'office',
      pass: office.config.officePassword,
    });
    const consumer = await jetstream(reader).consumers.get('GROUP');
    const info = await consumer.info();
    const texts: string[] = [];
    for await (const m of await consumer.fetch({ max_messages: info.num_pending, expires: 5_000 })) {
      texts.push(`${m.subject} ${m.string()}`);
      if (texts.length === info.num_pending) break;
    }
    await reader.close();
    expect(texts.some((t) => t.includes('.tabs.refund '))).toBe(true);
    const banned = /managerPin|pinHash|"pin"|credential|secret|signature|authorization|accessToken|"headers"|"9999"/i;
    expect(texts.filter((t) => banned.test(t))).toEqual([]);
  });

  it('loses and doubles nothing through a head-office node killed and a venue’s link cut', async () => {
    const south = hubs.get('south')!;
    const north = hubs.get('north')!;
    const relays = venues.find((v) => v.venueId === 'south')!.relays;
    const eventsOf = (t: TestCore) => t.core.webhooks.counters().verified + t.core.webhooks.counters().unsigned;
    const officeEvents = (venueId: string) =>
      countOf(office, 'select count(*) as n from office_events where venue_id = $1', [venueId]);
    // The venue's internet goes: its leaf node keeps taking the hub's log on this computer.
    for (const r of relays) r.drop();
    const before = await officeEvents('south');
    for (let i = 0; i < 4; i++) {
      await south.control.simulateGuests({ tabs: 1, close: 'all' });
      await north.control.simulateGuests({ tabs: 1, close: 'all' });
      // Mid-stream, one head-office node dies at once; the cluster keeps the GROUP stream (R3).
      if (i === 1) office.servers[1].kill('SIGKILL');
    }
    await eventually(async () => {
      await south.core.group.idle();
      expect(south.core.group.state()!.queued).toBe(0);
      expect(eventsOf(south)).toBeGreaterThan(before);
    });
    expect(await officeEvents('south')).toBe(before);
    // The link comes back: the venue's stream catches up in order, nothing twice.
    for (const r of relays) r.restore();
    // The venue's router comes back with fresh connections (the dropped ones are dead).
    for (const r of relays) r.cut();
    const admin = await connect({
      servers: office.config.nodes.map((n) => `127.0.0.1:${n.clientPort}`),
      user: 'admin',
      pass: office.config.adminPassword,
    });
    // A JetStream call waits for the cluster to have a leader again after the kill.
    const jsm = await eventually(() => jetstreamManager(admin, { timeout: 2_000 }));
    for (const t of [south, north]) {
      const venueId = t === south ? 'south' : 'north';
      await eventually(async () => {
        await t.core.group.idle();
        expect(await officeEvents(venueId)).toBe(eventsOf(t));
        const info = await jsm.streams.info('GROUP', { subjects_filter: `venue.${venueId}.events.>` });
        const inStream = Object.values(info.state.subjects ?? {}).reduce((n, c) => n + c, 0);
        expect(inStream).toBe(eventsOf(t));
      }, 40_000);
    }
    await admin.close();
    // In order: the office's rows of the venue's events follow the hub's own sequence.
    const seqs = await office.store.query<{ hub: number }>(
      "select (payload->>'seq')::int as hub from office_events where venue_id = 'south' order by seq",
    );
    const hubOrder = seqs.map((r) => r.hub);
    expect(hubOrder).toEqual([...hubOrder].sort((a, b) => a - b));
  }, 90_000);

  it('rebuilds every read model by replay into what the live ones hold', async () => {
    const live = await view(office);
    await office.runner.stop();
    const models = readModels();
    for (const model of models) await ModelRunner.clear(office.store, model);
    expect((await view(office)).takings).toEqual([]);
    const runner = new ModelRunner(office.store, models);
    await runner.prepare();
    await runner.start(office.nc);
    try {
      await eventually(async () => expect(await view(office)).toEqual(live), 30_000);
      expect(runner.stats.applied).toBeGreaterThan(20);
    } finally {
      await runner.stop();
    }
  }, 90_000);

  it('applies nothing twice when the whole stream comes again, past any duplicate window', async () => {
    const live = await view(office);
    const { messages } = (await (await jetstreamManager(office.nc)).streams.info('GROUP')).state;
    // The checkpoints go, what was applied stays: every message of the stream is delivered again,
    // as a repeat older than the stream's duplicate window would be.
    await office.store.query('delete from office_checkpoint');
    const runner = new ModelRunner(office.store, readModels());
    await runner.prepare();
    await runner.start(office.nc);
    try {
      await eventually(() => expect(runner.stats.repeats).toBeGreaterThanOrEqual(messages), 30_000);
      expect(runner.stats.applied).toBe(0);
      expect(await view(office)).toEqual(live);
    } finally {
      await runner.stop();
    }
  }, 60_000);
});
