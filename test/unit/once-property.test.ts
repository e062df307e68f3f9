// Exactly once, over random sequences (fast-check): every `once` channel the request ledger keeps
// (tabRefund, passOrder, giftCardSell, laborEditEntry) and the kiosk's punches (laborPunch with its
// punchId, through the labor outbox), pressed, pressed again with the same id, their answers lost
// on the way back, and the core killed and opened again on the same data folder.
//
// Actions: `press` (a new request id; optionally its answer held, so it is still out when the next
// action comes and the caller gives up on it), `drop` (a press whose write's answer is lost: the
// service did it and the answer is dropped or a proxy's 504 comes back, or the connection is reset
// or a 500 comes back before the service did it; optionally the next read fails too, which may be
// the write's own re-read or a later repeat's check), `repeat` (an earlier id again: finished,
// unknown or still out), `release` (held answers come back), `kill`.
//
// A kill, in this process: from that instant the core's fetch never answers (a request the service
// already did is never heard of; one not yet sent never leaves), so the ledger writes no outcome
// for what is out; then the core is stopped (its timers and its outbox lock, which a real kill
// frees by ending the process) and a new core opens the same data folder. The service is a
// sandbox of its own, which a kill of the app does not touch.
//
// Property: on the service, each request id made at most one write, and the writes are exactly the
// requests that reached the service and were not refused by a fault before it did them (no write
// without an id, none twice); punches are each on the service once; a repeat of a finished request
// answers its first outcome, in the same core or after a kill.
// VENUE_ONCE_RUNS (default 30) and VENUE_ONCE_SEED set the run; the seed is in the test's name and
// in a failure, with the actions.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../electron/core/api/http';
import { LOCAL_DEVICE_ID } from '../../electron/core/caller';
import { dispatchRequest, type DispatchOutcome } from '../../electron/core/ipc-dispatch';
import { ledgerKey } from '../../electron/core/requests/ledger-handlers';
import type { LedgerEntry } from '../../electron/core/requests/request-ledger';
import { SEED_ROLES, startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { compileFaultPattern, faultPatternMatches, type FaultMode } from '../../electron/sandbox/faults';
import type { PunchAction } from '../../shared/labor';
import { newRequestId as rid } from '../../shared/request-id';
import { readingsRuns } from '../support/readings-property';
import { HARBOUR, drained, modelFromPunches, verifyAgainstModel } from './labor-test-kit';
import { createControlClient } from '../../electron/sandbox/control-client';
import { PASSES, PRODUCTS, SPOT_BAR_1, removeTempDirs, startCore, tempDir, type TestCore } from './tabs-kit';

const RUNS = readingsRuns('VENUE_ONCE_RUNS', 30);
const SEED = process.env.VENUE_ONCE_SEED ? Number(process.env.VENUE_ONCE_SEED) : Date.now() % 2 ** 31;
/** A bound on a hung run, not a speed expectation. */
const PER_RUN_MS = 20_000;

const LEDGER = ['tabRefund', 'passOrder', 'giftCardSell', 'laborEditEntry'] as const;
const CHANNELS = [...LEDGER, 'laborPunch'] as const;
type Channel = (typeof CHANNELS)[number];
type DropMode = Extract<FaultMode, 'commit-lose-response' | 'commit-then-504' | 'reset' | 'status500'>;
/** The modes that answer before the service does anything. */
const NOT_DONE: FaultMode[] = ['reset', 'status500'];
const DROP_MODES: DropMode[] = ['commit-lose-response', 'commit-then-504', 'reset', 'status500'];

type Action =
  | { t: 'press'; channel: Channel; hold: boolean }
  | { t: 'drop'; channel: Channel; mode: DropMode; reread: DropMode | null }
  | { t: 'repeat'; pick: number }
  | { t: 'release' }
  | { t: 'kill' };

const channelArb = fc.constantFrom<Channel>(...CHANNELS);
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ t: fc.constant('press' as const), channel: channelArb, hold: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      t: fc.constant('drop' as const),
      channel: channelArb,
      // The service did it more often than not: that is the case a second write would double.
      mode: fc.constantFrom<DropMode>('commit-lose-response', 'commit-then-504', ...DROP_MODES),
      reread: fc.option(fc.constantFrom(...DROP_MODES), { freq: 2 }),
    }),
  },
  { weight: 5, arbitrary: fc.record({ t: fc.constant('repeat' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.constant({ t: 'release' as const }) },
  { weight: 2, arbitrary: fc.constant({ t: 'kill' as const }) },
);
const scenarioArb = fc.array(actionArb, { minLength: 4, maxLength: 18 });

/** The sandbox routes each channel writes on, and the read a check (or the write's own re-read) makes. */
const ROUTES: Record<Channel, { write: string[]; read: string }> = {
  tabRefund: { write: ['POST /api/loc/:location/tabs/:tab/refund'], read: 'GET /api/loc/:location/tabs/:tab' },
  passOrder: {
    write: [`POST /api/loc/:location/tabs/passes/${PASSES.noLimit}/items`],
    read: `GET /api/loc/:location/tabs/passes/${PASSES.noLimit}`,
  },
  giftCardSell: { write: ['POST /api/loc/:location/tabs'], read: 'GET /api/loc/:location/tabs/:tab' },
  laborEditEntry: {
    write: ['PATCH /api/loc/:location/labor/entries/:entry'],
    read: 'GET /api/loc/:location/labor/entries/:entry',
  },
  laborPunch: {
    write: ['POST /api/loc/:location/labor/entries', 'PATCH /api/loc/:location/labor/entries/:entry'],
    read: 'GET /api/loc/:location/labor/entries/:entry',
  },
};

/** What the runs went through, printed at the end: a property that never reached a case proves nothing of it. */
const seen = {
  runs: 0,
  kills: 0,
  held: 0,
  drops: 0,
  punches: 0,
  writes: 0,
  repeats: { done: 0, unknown: 0, out: 0, 'done after a kill': 0, 'unknown after a kill': 0 },
};

let sb: RunningSandbox;
/** Requests a fault answered before the service did anything (reset, 500), this run. */
const notDone: { method: string; path: string }[] = [];
beforeAll(async () => {
  sb = await startSandbox();
  const faults = sb.world.faults;
  const take = faults.take.bind(faults);
  faults.take = (method, path) => {
    const rule = take(method, path);
    if (rule && NOT_DONE.includes(rule.mode)) notDone.push({ method, path });
    return rule;
  };
});
afterAll(async () => {
  console.info(`once property (seed ${SEED}): ${JSON.stringify(seen)}`);
  await sb?.close();
  removeTempDirs();
});

/** A request the screen sent, and what came back (if anything did). */
interface Call {
  id: string;
  channel: Channel;
  /** The core it was sent to (0, 1, … after each kill). */
  life: number;
  /** The ledger's entry when it was sent (ledger channels). */
  before: LedgerEntry | undefined;
  /** For a repeat sent while the first was still out: the call it waits for. */
  joins: Call | null;
  done: Promise<void>;
  answer: DispatchOutcome | null;
}

/** One id as the screen keeps it: its arguments, and for a punch the receipt it first got. */
interface Press {
  id: string;
  channel: Channel;
  args: (life: Life) => unknown[];
  first: Call;
}

/**
 * The core's fetch: holds the answers of chosen writes (the service did them; the core has not
 * heard), and after a kill never answers again. Every write that reaches the service is noted with
 * the request id it carries.
 */
function serviceLine(sent: Map<string, number>, markerOf: (url: URL, init: RequestInit) => string | null) {
  let dead = false;
  let holdFor: string | null = null;
  let held: (() => void)[] = [];
  const heldIds = new Set<string>();
  const never = new Promise<never>(() => {});
  const fetchLike: FetchLike = async (input, init) => {
    if (dead) return never;
    const url = new URL(input);
    const marker = init.method === 'GET' ? null : markerOf(url, init);
    if (marker) sent.set(marker, (sent.get(marker) ?? 0) + 1);
    const answer = await fetch(input, init);
    if (dead) return never;
    if (marker && marker === holdFor) {
      holdFor = null;
      heldIds.add(marker);
      await new Promise<void>((go) => held.push(go));
      if (dead) return never;
    }
    return answer;
  };
  return {
    fetch: fetchLike,
    hold: (marker: string) => (holdFor = marker),
    isHeld: (marker: string) => heldIds.has(marker),
    release: () => {
      holdFor = null;
      const go = held;
      held = [];
      go.forEach((g) => g());
    },
    kill: () => {
      dead = true;
      held = [];
    },
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>(
        (_, fail) => (timer = setTimeout(() => fail(new Error(`${what}: no answer in ${ms} ms`)), ms)),
      ),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const key = (channel: string, id: string) => ledgerKey(LOCAL_DEVICE_ID, channel, id);
/** A punch receipt as a repeat gives it back (how many wait to sync changes meanwhile). */
const receiptOf = (a: DispatchOutcome | null) => {
  if (!a?.ok) return a;
  const { waitingToSync: _w, ...rest } = a.result as { waitingToSync: number };
  return { ok: true, result: rest };
};

/** Labor timing for tests: a lost answer is read again after 100 ms, not the service's 30 s. */
const TUNING = {
  timeoutMs: 5_000,
  settleMs: 100,
  quickSettleMs: 30,
  backoffMinMs: 20,
  backoffMaxMs: 100,
  boardRefreshMs: 0,
  autoCloseCheckMs: 0,
  scryptN: 1024,
};
const MANAGER = { userId: '2001', name: 'Alex Manager', pin: '9999' };
const STAFF = { userId: '2004', name: 'Jordan Bartender', pin: '2222' };
const CYCLE: PunchAction[] = ['punch-in', 'break-start', 'break-end', 'punch-out'];
const HOUR = 3_600_000;

/** One core's life on the run's data folder, until it is killed. */
interface Life {
  n: number;
  t: TestCore;
  line: ReturnType<typeof serviceLine>;
  manager: string;
  staff: string;
}

async function runOnce(actions: Action[], log: string[]): Promise<void> {
  sb.world.reset();
  notDone.length = 0;
  sb.world.tabs.giftCardTiming = { minDelayMs: 20, maxDelayMs: 60, waitCapMs: 2_000 };
  const control = createControlClient(sb.baseUrl);
  const { closed } = await control.simulateGuests({ tabs: 1, close: 'all' });
  const tab = closed[0];
  // A closed shift of someone else, whose tips the manager's edits change (minute-aligned, so any
  // precision keeps it as it is).
  const shiftStart = Math.floor((sb.world.clock.nowMs() - 6 * HOUR) / 60_000) * 60_000;
  const target = sb.world.labor.add({
    locationUuid: HARBOUR.uuid,
    shiftUuid: null,
    punchType: 'shift',
    userId: '2006',
    role: 'bartender',
    roleUuid: SEED_ROLES.bartender,
    punchInMs: shiftStart,
    punchOutMs: shiftStart + 4 * HOUR,
    declaredTips: 0,
    createdMs: shiftStart,
  });
  const dataDir = tempDir();

  // Every write that reached the service, by the request id it carries, in order.
  const sentLog: string[] = [];
  const sent = new Map<string, number>();
  const tipsOf = new Map<string, number>();
  const idOfTips = new Map<number, string>();
  const markerOf = (url: URL, init: RequestInit): string | null => {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(String(init.body)) as Record<string, unknown>;
    } catch {
      return null;
    }
    const path = url.pathname;
    let id: string | null = null;
    if (path.endsWith('/refund')) id = String(body.reason);
    else if (path.endsWith(`/passes/${PASSES.noLimit}/items`))
      id = String((body.items as { note?: string }[] | undefined)?.[0]?.note);
    else if (/\/tabs$/.test(path)) id = String(body.name);
    else if (init.method === 'PATCH' && path.endsWith(`/labor/entries/${target.uuid}`)) {
      const tips = Number(body.declared_tips);
      id = idOfTips.get(tips) ?? idOfTips.get(Math.round(tips * 100)) ?? `unknown tips ${tips}`;
    }
    if (id !== null) sentLog.push(id);
    return id;
  };

  const presses: Press[] = [];
  const calls: Call[] = [];
  let punches = 0;
  let life!: Life;

  const start = async (n: number): Promise<Life> => {
    const line = serviceLine(sent, markerOf);
    const t = await startCore({ dataDir, serviceUrl: sb.baseUrl, fetch: line.fetch, subscribe: false, labor: TUNING });
    const h = t.core.handlers;
    if ((await h.laborView()).needsManagerSetup) {
      // A real service's first start: the first manager, the kiosk's location, a bartender's PIN.
      await h.laborSetupManager(MANAGER);
      const m = await h.laborIdentify({ pin: MANAGER.pin });
      await h.laborSetLocation(m.token, HARBOUR);
      await h.laborSaveStaff(m.token, {
        userId: STAFF.userId,
        name: STAFF.name,
        manager: false,
        roles: [{ locationUuid: HARBOUR.uuid, role: 'bartender', roleUuid: SEED_ROLES.bartender }],
      });
      await h.laborSetPin(m.token, STAFF.userId, STAFF.pin);
    }
    // Sessions live in memory: after a restart everyone signs in again, with new tokens.
    const manager = (await h.laborIdentify({ pin: MANAGER.pin })).token;
    const staff = (await h.laborIdentify({ pin: STAFF.pin })).token;
    return { n, t, line, manager, staff };
  };

  const entryOf = (l: Life, channel: string, id: string): LedgerEntry | undefined => {
    const e = l.t.core.requests.get(key(channel, id));
    return e && structuredClone(e);
  };

  /** Sends one request of `p` to the current core, as its screen would (the session it has now). */
  const send = (p: Press): Call => {
    const l = life;
    const before = p.channel === 'laborPunch' ? undefined : entryOf(l, p.channel, p.id);
    const joins =
      before?.state === 'started'
        ? (calls.find((c) => c.id === p.id && c.life === l.n && c.before === undefined) ?? null)
        : null;
    const call: Call = {
      id: p.id,
      channel: p.channel,
      life: l.n,
      before,
      joins,
      done: Promise.resolve(),
      answer: null,
    };
    call.done = dispatchRequest(l.t.core.handlers, p.channel, p.args(l)).then((answer) => {
      call.answer = answer;
    });
    calls.push(call);
    if (p.first) {
      const after = p.first.life !== l.n ? ' after a kill' : '';
      if (before?.state === 'started') seen.repeats.out++;
      else if (before?.state === 'done' || before?.state === 'unknown') seen.repeats[`${before.state}${after}`]++;
    }
    return call;
  };

  const press = async (channel: Channel, hold: boolean): Promise<void> => {
    const id = rid();
    const n = presses.length;
    let args: (l: Life) => unknown[];
    if (channel === 'laborPunch') {
      const action = CYCLE[punches % CYCLE.length];
      const input = { punchId: id, action, ...(action === 'punch-out' ? { declaredTipsCents: 100 + n } : {}) };
      args = (l) => [l.staff, input];
    } else if (channel === 'tabRefund') {
      args = () => [tab, { managerPin: MANAGER.pin, amount: 1 + (n % 5), reason: id }, id];
    } else if (channel === 'passOrder') {
      args = () => [PASSES.noLimit, [{ productUuid: PRODUCTS.water.uuid, quantity: 1, note: id }], id];
    } else if (channel === 'giftCardSell') {
      const sale = {
        spotUuid: SPOT_BAR_1.uuid,
        name: id,
        lines: [{ productUuid: PRODUCTS.giftCard25.uuid, quantity: 1, label: 'Gift Card $25', unitPrice: 2500 }],
        paymentType: 'CARD',
        wait: false,
      };
      args = () => [sale, id];
    } else {
      const tips = 100 + 7 * n;
      tipsOf.set(id, tips);
      idOfTips.set(tips, id);
      args = (l) => [l.manager, target.uuid, { reason: 'Tips corrected', declaredTips: tips }, id];
    }
    const p: Press = { id, channel, args, first: null as unknown as Call };
    presses.push(p);
    if (hold && channel !== 'laborPunch') {
      life.line.hold(id);
      seen.held++;
    }
    p.first = send(p);
    if (channel === 'laborPunch') {
      await within(p.first.done, 5_000, 'a punch');
      if (p.first.answer?.ok) punches++;
      return;
    }
    if (!hold) return within(p.first.done, 10_000, `${channel} ${id}`);
    // Held: once the service has done it (or the core answered without writing), the caller gives up.
    const l = life;
    const deadline = Date.now() + 10_000;
    while (!l.line.isHeld(id) && !p.first.answer) {
      if (Date.now() > deadline) throw new Error(`${channel} ${id} neither reached the service nor answered`);
      await sleep(5);
    }
  };

  const settleLife = async (l: Life) => {
    l.line.release();
    await within(Promise.all(calls.filter((c) => c.life === l.n).map((c) => c.done)), 15_000, 'requests of this core');
  };

  life = await start(0);
  try {
    for (const a of actions) {
      if (a.t === 'press') await press(a.channel, a.hold);
      else if (a.t === 'drop') {
        for (const route of ROUTES[a.channel].write) sb.world.faults.add({ route, mode: a.mode, count: 1 });
        if (a.reread) sb.world.faults.add({ route: ROUTES[a.channel].read, mode: a.reread, count: 1 });
        seen.drops++;
        await press(a.channel, false);
      } else if (a.t === 'repeat') {
        if (presses.length === 0) continue;
        const p = presses[a.pick % presses.length];
        // A punch the kiosk refused was never captured: pressing it again is a new punch.
        if (p.channel === 'laborPunch' && !p.first.answer?.ok) continue;
        const c = send(p);
        // A repeat of one still out waits for it (the caller gives up); anything else answers now.
        if (!c.joins) await within(c.done, 10_000, `repeat of ${p.channel} ${p.id}`);
      } else if (a.t === 'release') {
        await settleLife(life);
      } else {
        // The kill: nothing more from this core, its answers in flight lost; then a new one.
        const dead = life;
        dead.line.kill();
        seen.kills++;
        const known = new Map(
          presses.filter((p) => p.channel !== 'laborPunch').map((p) => [p.id, entryOf(dead, p.channel, p.id)]),
        );
        await within(dead.t.stop(), 10_000, 'stopping the killed core');
        life = await start(dead.n + 1);
        for (const p of presses) {
          if (p.channel === 'laborPunch') continue;
          const was = known.get(p.id);
          const now = entryOf(life, p.channel, p.id);
          const what = `the ledger's entry of ${p.channel} ${p.id} after the kill`;
          if (!was) expect(now, what).toBeUndefined();
          else if (was.state === 'started')
            expect(now, what).toMatchObject({
              state: 'unknown',
              fingerprint: was.fingerprint,
              outcome: { ok: false, error: { kind: 'outcome-unknown' } },
            });
          else expect(now, what).toEqual(was);
        }
      }
    }

    // The end: held answers come back, faults are gone, the outbox drains, and every id is
    // pressed once more (repeats of finished ones answer their outcome; no repeat writes).
    await settleLife(life);
    sb.world.faults.clear();
    await drained(life.t.core.labor, 15_000);
    for (const p of presses) if (p.channel !== 'laborPunch' || p.first.answer?.ok) send(p);
    await settleLife(life);
    await drained(life.t.core.labor, 15_000);

    check();
    seen.runs++;
  } finally {
    life.line.release();
    await within(life.t.stop(), 10_000, 'stopping the last core').catch((e: unknown) => log.push(String(e)));
  }

  function check(): void {
    const world = sb.world.tabs;
    // What the service holds, by the request id each write carries.
    const onService = new Map<string, number>();
    const note = (id: string) => onService.set(id, (onService.get(id) ?? 0) + 1);
    for (const r of world.refunds.values()) note(r.reason);
    for (const o of world.orders.values()) {
      if (o.source.kind !== 'api') continue;
      if (o.viaPassItems) note(String(world.items.get(o.itemIds[0])?.note));
      else note(world.tabs.get(o.tabUuid)?.name ?? `tab ${o.tabUuid}`);
    }
    const ids = new Set(presses.filter((p) => p.channel !== 'laborPunch').map((p) => p.id));
    for (const id of onService.keys()) expect(ids.has(id), `a write on the service no press made: ${id}`).toBe(true);
    const turnedAway = (routes: string[], path = /./) =>
      notDone.filter(
        (r) => path.test(r.path) && routes.some((x) => faultPatternMatches(compileFaultPattern(x), r.method, r.path)),
      ).length;
    for (const channel of LEDGER) {
      let reached = 0;
      let written = 0;
      for (const p of presses.filter((x) => x.channel === channel)) {
        const sends = sent.get(p.id) ?? 0;
        expect(sends, `${channel} ${p.id}: requests that reached the service`).toBeLessThanOrEqual(1);
        reached += sends;
        // The service keeps no count of a timesheet's edits: the tips below tell.
        if (channel === 'laborEditEntry') continue;
        const writes = onService.get(p.id) ?? 0;
        expect(writes, `${channel} ${p.id}: writes on the service`).toBeLessThanOrEqual(sends);
        written += writes;
        const answers = calls.flatMap((c) => (c.id === p.id && c.answer?.ok ? [c.answer.result] : []));
        const success = (r: unknown) =>
          channel === 'giftCardSell' ? !!(r as { tabUuid?: string }).tabUuid : (r as { ok: boolean }).ok;
        if (answers.some(success)) expect(writes, `${channel} ${p.id}: answered done, so on the service`).toBe(1);
      }
      if (channel !== 'laborEditEntry')
        expect(written, `${channel}: writes on the service`).toBe(reached - turnedAway(ROUTES[channel].write));
      seen.writes += reached;
    }
    seen.punches += life.t.core.labor.outbox.all().length;
    // The edited shift holds the tips of the last edit that reached the service (of one of them,
    // when a fault turned one away before the service did it).
    const edits = sentLog.filter((id) => tipsOf.has(id));
    const tips = sb.world.labor.all().find((e) => e.uuid === target.uuid)?.declaredTips;
    if (turnedAway(ROUTES.laborEditEntry.write, new RegExp(`${target.uuid}$`)) === 0)
      expect(tips, 'the tips of the last edit').toBe(edits.length ? tipsOf.get(edits.at(-1)!) : 0);
    else expect([0, ...edits.map((id) => tipsOf.get(id))], 'the tips of an edit').toContain(tips);

    // Answers: a repeat of a finished request gets its first outcome; one that waited for the
    // first gets what the first got; the first's answer is what the ledger kept.
    for (const c of calls) {
      if (!c.answer || c.channel === 'laborPunch') continue;
      const what = `${c.channel} ${c.id} (core ${c.life})`;
      if (c.before?.state === 'done')
        expect(c.answer, `${what}: a repeat of a finished request`).toEqual(c.before.outcome);
      if (c.joins?.answer) expect(c.answer, `${what}: a repeat while the first was out`).toEqual(c.joins.answer);
    }
    // Punches: a repeat returns the first receipt, every captured punch is in the outbox once, and
    // the service holds exactly the shifts they make (and the edited one).
    const outbox = life.t.core.labor.outbox.all();
    for (const p of presses) {
      if (p.channel !== 'laborPunch' || !p.first.answer?.ok) continue;
      for (const c of calls.filter((x) => x.id === p.id && x !== p.first && x.answer))
        expect(receiptOf(c.answer), `a repeat of punch ${p.id}`).toEqual(receiptOf(p.first.answer));
      expect(
        outbox.filter((s) => s.p.id === p.id),
        `punch ${p.id} in the outbox`,
      ).toHaveLength(1);
    }
    const captured = outbox.map((s) => ({
      kind: s.p.kind,
      userId: s.p.userId,
      capturedAt: s.p.capturedAt,
      tips: s.p.declaredTips,
      seq: s.p.seq,
    }));
    const model = modelFromPunches(captured.sort((a, b) => a.seq - b.seq));
    const edited = sb.world.labor.all().find((e) => e.uuid === target.uuid)!;
    model.unshift({
      userId: '2006',
      startAt: shiftStart,
      endAt: shiftStart + 4 * HOUR,
      tips: edited.declaredTips,
      breaks: [],
    });
    verifyAgainstModel(sb, model);
  }
}

describe('once requests under presses, repeats, lost answers and kills', () => {
  it(
    `${RUNS} random sequences (seed ${SEED})`,
    async () => {
      await fc.assert(
        fc.asyncProperty(scenarioArb, async (actions) => {
          const log: string[] = [];
          try {
            await runOnce(actions, log);
          } catch (error) {
            throw new Error(`seed ${SEED}: with ${JSON.stringify(actions)}: ${String(error)} ${log.join('; ')}`, {
              cause: error,
            });
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    Math.max(1, RUNS) * PER_RUN_MS,
  );
});
