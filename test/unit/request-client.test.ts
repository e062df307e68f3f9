// The one request-by-id client's rules, over a fake socket and a clock stepped by hand: a call is
// sent or answered "not sent"; a call given up while queued is never sent later; an answer lost
// after sending is outcome-unknown for a `once` channel and unreachable / timed-out otherwise; the
// close fails sent calls at once; late answers are dropped; a final (revoked) close fails them all.
import { describe, expect, it } from 'vitest';
import type { ErrorPayload } from '../../shared/app-error';
import { RequestClient, semanticsOf, type RequestOutcome, type RequestTimers } from '../../shared/request-client';

/** A socket that records the frames it was handed. */
function fakeTransport(open = false) {
  const t = {
    open,
    frames: [] as { id: number; channel: string; args: unknown[] }[],
    failSend: false,
    isOpen: () => t.open,
    send(frame: string) {
      if (t.failSend) throw new Error('not open');
      t.frames.push(JSON.parse(frame) as { id: number; channel: string; args: unknown[] });
    },
    channels: () => t.frames.map((f) => f.channel),
  };
  return t;
}

/** Timers run only when the test moves the clock. */
function handClock(): RequestTimers & { advance(ms: number): void; pending(): number } {
  let now = 0;
  let nextHandle = 1;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    set(run, ms) {
      const handle = nextHandle++;
      due.set(handle, { at: now + ms, run });
      return handle;
    },
    clear(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [handle, timer] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now || !due.has(handle)) continue;
        due.delete(handle);
        timer.run();
      }
    },
    pending: () => due.size,
  };
}

/** The outcome when it has settled by now (after pending microtasks), or 'pending'. */
async function peek(p: Promise<RequestOutcome>): Promise<RequestOutcome | 'pending'> {
  const marker = Symbol('pending');
  const first = await Promise.race([p, Promise.resolve().then(() => marker)]);
  return first === marker ? 'pending' : (first as RequestOutcome);
}

function setup(whileDown: 'queue' | 'refuse', open: boolean) {
  const transport = fakeTransport(open);
  const clock = handClock();
  const client = new RequestClient({ transport, peer: 'the app host', whileDown, timers: clock });
  return { transport, clock, client };
}

const NOT_SENT = { ok: false, error: { kind: 'unreachable', message: expect.stringMatching(/not sent.*safe/i) } };

describe('the channels’ semantics as the client reads them', () => {
  it('follows the contract, and takes an unknown channel as once', () => {
    expect(semanticsOf('tabRefund')).toBe('once');
    expect(semanticsOf('tabsView')).toBe('read');
    expect(semanticsOf('laborSaveSettings')).toBe('idempotent');
    expect(semanticsOf('noSuchChannel')).toBe('once');
  });
});

describe('rule 1: sent, or reported not sent', () => {
  it('refuses at once as not sent while the socket is down, when nothing queues', async () => {
    const { transport, client } = setup('refuse', false);
    expect(await client.call('tabRefund', ['t', {}, 'r-00000001'], null)).toMatchObject(NOT_SENT);
    transport.open = true;
    client.opened();
    expect(transport.frames).toEqual([]);
  });

  it('refuses as not sent when the socket will not take the frame', async () => {
    const { transport, client } = setup('refuse', true);
    transport.failSend = true;
    expect(await client.call('passOrder', [], null)).toMatchObject(NOT_SENT);
    expect(client.queued + client.inFlight).toBe(0);
  });

  it('a queued call goes out, in order, when the socket opens', async () => {
    const { transport, client } = setup('queue', false);
    const a = client.call('tabsView', [], 1000);
    const b = client.call('tabRefund', ['t1'], 1000);
    expect(transport.frames).toEqual([]);
    expect(client.queued).toBe(2);
    transport.open = true;
    client.opened();
    expect(transport.frames.map((f) => [f.channel, f.args])).toEqual([
      ['tabsView', []],
      ['tabRefund', ['t1']],
    ]);
    client.message({ id: transport.frames[1].id, ok: true, result: 'refunded' });
    client.message({ id: transport.frames[0].id, ok: true, result: 'view' });
    expect(await a).toEqual({ ok: true, result: 'view' });
    expect(await b).toEqual({ ok: true, result: 'refunded' });
  });

  it('a queued call given up at its timeout is not sent, and never afterwards', async () => {
    const { transport, clock, client } = setup('queue', false);
    const refund = client.call('tabRefund', ['t1'], 300);
    clock.advance(299);
    expect(await peek(refund)).toBe('pending');
    clock.advance(1);
    expect(await refund).toMatchObject(NOT_SENT);
    expect(client.queued).toBe(0);
    transport.open = true;
    client.opened();
    expect(transport.frames).toEqual([]);
  });

  it('a queued call stays queued through a close of a socket that never opened', async () => {
    const { transport, client } = setup('queue', false);
    const view = client.call('tabsView', [], 1000);
    client.closed();
    expect(await peek(view)).toBe('pending');
    transport.open = true;
    client.opened();
    expect(transport.channels()).toEqual(['tabsView']);
    client.message({ id: transport.frames[0].id, ok: true, result: 1 });
    expect(await view).toEqual({ ok: true, result: 1 });
  });

  it('a frame the socket refused at open stays queued for the next open', async () => {
    const { transport, client } = setup('queue', false);
    const view = client.call('tabsView', [], 1000);
    transport.open = true;
    transport.failSend = true;
    client.opened();
    expect(client.queued).toBe(1);
    transport.failSend = false;
    client.opened();
    expect(transport.channels()).toEqual(['tabsView']);
    client.message({ id: transport.frames[0].id, ok: true, result: null });
    expect(await view).toEqual({ ok: true, result: null });
  });
});

describe('rule 2: an answer lost after sending', () => {
  it('a once call is outcome-unknown when the socket closes, naming the channel', async () => {
    const { client } = setup('refuse', true);
    const refund = client.call('tabRefund', ['t1'], null);
    client.closed();
    expect(await refund).toMatchObject({
      ok: false,
      error: { kind: 'outcome-unknown', data: { operation: 'tabRefund' }, message: expect.stringMatching(/check/) },
    });
  });

  it('a once call is outcome-unknown at its timeout after sending', async () => {
    const { clock, client } = setup('queue', true);
    const order = client.call('passOrder', [], 500);
    clock.advance(500);
    expect(await order).toMatchObject({
      ok: false,
      error: { kind: 'outcome-unknown', data: { operation: 'passOrder' } },
    });
  });

  it('a read or idempotent call is unreachable on a close: asking again harms nothing', async () => {
    const { client } = setup('refuse', true);
    const view = client.call('tabsView', [], null);
    const save = client.call('laborSaveSettings', [{}], null);
    client.closed();
    expect(await view).toMatchObject({ ok: false, error: { kind: 'unreachable', data: {} } });
    expect(await save).toMatchObject({ ok: false, error: { kind: 'unreachable', data: {} } });
  });

  it('a read or idempotent call is timed-out at its timeout after sending', async () => {
    const { clock, client } = setup('refuse', true);
    const roster = client.call('hubKioskRoster', [], 15_000);
    const report = client.call('hubDeviceReport', [{}], 15_000);
    clock.advance(15_000);
    expect(await roster).toMatchObject({ ok: false, error: { kind: 'timed-out', data: {} } });
    expect(await report).toMatchObject({ ok: false, error: { kind: 'timed-out', data: {} } });
  });

  it('a final close (revoked) fails every call with the reason it gives', async () => {
    const { transport, client } = setup('queue', true);
    const revoked: ErrorPayload = { kind: 'forbidden', data: { by: 'venue' }, message: 'revoked' };
    const sent = client.call('tabRefund', [], 1000);
    transport.open = false;
    const queued = client.call('tabsView', [], 1000);
    client.closed(revoked);
    expect(await sent).toEqual({ ok: false, error: revoked });
    expect(await queued).toEqual({ ok: false, error: revoked });
    transport.open = true;
    client.opened();
    expect(transport.channels()).toEqual(['tabRefund']);
  });
});

describe('rule 3: nothing told is sent or settled again', () => {
  it('an answer to an id already settled is dropped', async () => {
    const { transport, clock, client } = setup('queue', true);
    const order = client.call('passOrder', [], 500);
    clock.advance(500);
    expect(await order).toMatchObject({ ok: false, error: { kind: 'outcome-unknown' } });
    expect(client.message({ id: transport.frames[0].id, ok: true, result: 'late' })).toBe(true);
    expect(client.inFlight).toBe(0);
  });

  it('a call settled by the close is not sent again at the next open', async () => {
    const { transport, client } = setup('queue', true);
    const refund = client.call('tabRefund', [], 1000);
    transport.open = false;
    client.closed();
    await refund;
    transport.open = true;
    client.opened();
    expect(transport.channels()).toEqual(['tabRefund']);
  });

  it('an answer is read with its kind, and events and noise are not answers', async () => {
    const { transport, client } = setup('refuse', true);
    const refused = client.call('tabRefund', [], null);
    const bare = client.call('tabRefund', [], null);
    expect(client.message({ event: 'labor', payload: {} })).toBe(false);
    expect(client.message('noise')).toBe(false);
    expect(client.message({ id: 999, ok: true })).toBe(true);
    const conflict = { kind: 'conflict', data: { what: 'refund' }, message: 'already refunded' };
    client.message({ id: transport.frames[0].id, ok: false, error: conflict });
    client.message({ id: transport.frames[1].id, ok: false, error: 'garbled' });
    expect(await refused).toEqual({ ok: false, error: conflict });
    expect(await bare).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: 'The app host refused the request without saying why' },
    });
  });
});

describe('rule 4: the close fails sent calls at once', () => {
  it('settles before any timer runs, and clears the timers', async () => {
    const { clock, client } = setup('queue', true);
    const refund = client.call('tabRefund', [], 30_000);
    const view = client.call('tabsView', [], 30_000);
    expect(clock.pending()).toBe(2);
    client.closed();
    expect(await peek(refund)).toMatchObject({ ok: false, error: { kind: 'outcome-unknown' } });
    expect(await peek(view)).toMatchObject({ ok: false, error: { kind: 'unreachable' } });
    expect(clock.pending()).toBe(0);
  });

  it('leaves calls still waiting for the socket queued, their timers running', async () => {
    const { transport, clock, client } = setup('queue', true);
    const sent = client.call('tabRefund', [], 1000);
    transport.open = false;
    const waiting = client.call('tabRefund', [], 1000);
    client.closed();
    expect(await peek(sent)).toMatchObject({ ok: false, error: { kind: 'outcome-unknown' } });
    expect(await peek(waiting)).toBe('pending');
    clock.advance(1000);
    expect(await waiting).toMatchObject(NOT_SENT);
  });
});
