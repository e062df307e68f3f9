// limits, validation of every event type, dedupe and the stale window.
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type AcceptedEvent, type EventSummary } from '../../shared/webhooks';
import { curlFor, signBody, WebhookReceiver, type WebhookReceiverOptions } from '../../electron/core/webhooks';
import { deliver, envelope, post, removeTempDirs, SAMPLES, SECRET, T0, TestClock, tempDir } from './webhook-fixtures';

let receiver: WebhookReceiver;
let url: string;
let dataDir: string;
let clock: TestClock;
let applied: AcceptedEvent[];
let appended: EventSummary[];

async function open(options: Partial<WebhookReceiverOptions> = {}): Promise<void> {
  clock = new TestClock();
  dataDir = options.dataDir ?? tempDir();
  receiver = new WebhookReceiver({ secret: SECRET, now: clock.now, ...options, dataDir });
  applied = [];
  appended = [];
  receiver.events.on('applied', (e) => applied.push(e));
  receiver.events.on('appended', (e) => appended.push(e));
  const status = await receiver.start();
  expect(status.state).toBe('listening');
  url = status.url!;
}

/** A second receiver on the same data folder, as after a restart (not started). */
const reopened = () => new WebhookReceiver({ dataDir, secret: SECRET, now: clock.now });

/** Push events and projections run after the answer; let them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

const openTab = () => envelope('OPEN_TAB', SAMPLES.OPEN_TAB);

afterEach(async () => {
  await receiver.stop();
});
afterAll(removeTempDirs);

describe('authentication', () => {
  beforeEach(() => open());

  it('accepts a correctly signed event, stores it verified with its exact bytes, and applies it', async () => {
    const body = JSON.stringify(openTab());
    const reply = await post(url, body, { 'X-Service-Signature': signBody(body, SECRET), 'X-Custom-Trace': 'abc' });
    expect(reply.status).toBe(200);
    await settle();
    const detail = receiver.detail(reply.json!.seq as number)!;
    expect(detail).toMatchObject({
      verification: 'verified',
      type: 'OPEN_TAB',
      targetUuid: 'tab-u1',
      locationName: 'Harbour Bar',
      problem: null,
      deliveries: 1,
    });
    expect(detail.rawBody).toBe(body);
    expect(detail.signature).toEqual({ header: signBody(body, SECRET), result: 'match' });
    expect(detail.headers['X-Custom-Trace']).toBe('abc');
    expect(detail.dedupeKey).toMatch(/^[0-9a-f]{64}$/);
    expect(applied.map((e) => e.seq)).toEqual([detail.seq]);
    expect(appended.map((e) => e.seq)).toEqual([detail.seq]);
    expect(receiver.counters()).toMatchObject({ received: 1, verified: 1, rejected: 0 });
  });

  it('rejects wrong, truncated, non-hex and missing signatures and a re-serialized body with 401, storing each as rejected', async () => {
    const event = openTab();
    const body = JSON.stringify(event);
    const good = signBody(body, SECRET);
    const cases: [string, Record<string, string>, string][] = [
      [body, { 'X-Service-Signature': signBody(body, 'other-secret') }, 'signature does not match the body'],
      [body, { 'X-Service-Signature': good.slice(0, 63) }, 'signature header is not 64 hex digits'],
      [body, { 'X-Service-Signature': 'z'.repeat(64) }, 'signature header is not 64 hex digits'],
      [body, {}, 'signature header missing'],
      [JSON.stringify(event, null, 2), { 'X-Service-Signature': good }, 'signature does not match the body'],
    ];
    for (const [text, headers, reason] of cases) {
      const reply = await post(url, text, headers);
      expect(reply.status, reason).toBe(401);
      expect(reply.json).toEqual({ error: reason });
    }
    await settle();
    const page = receiver.page({ verification: 'rejected' });
    expect(page.total).toBe(5);
    expect(page.rows.map((r) => r.problem)).toEqual(cases.map((c) => c[2]));
    // The inspector still sees what the forged delivery claimed to be.
    expect(page.rows.every((r) => r.type === 'OPEN_TAB' && r.targetUuid === 'tab-u1' && r.knownType === true)).toBe(
      true,
    );
    expect(receiver.detail(page.rows[0].seq)!.dedupeKey).toBeNull();
    expect(applied).toEqual([]);
    expect(receiver.counters()).toMatchObject({ received: 5, rejected: 5, verified: 0 });
    expect(receiver.status().failures).toBe(5);
    // A rejected copy does not make the real one a duplicate.
    expect((await deliver(url, event)).json).toMatchObject({ ok: true });
    await settle();
    expect(applied).toHaveLength(1);
  });

  it('finds the signature header whatever its case, and honours a configured prefix', async () => {
    const body = JSON.stringify(openTab());
    expect((await post(url, body, { 'x-service-signature': signBody(body, SECRET) })).status).toBe(200);
    receiver.reconfigure({ headerPrefix: 'Acme' });
    const other = JSON.stringify({ ...openTab(), targetUuid: 'tab-u2' });
    expect((await post(url, other, { 'X-Service-Signature': signBody(other, SECRET) })).status).toBe(401);
    expect((await post(url, other, { 'X-ACME-SIGNATURE': signBody(other, SECRET) })).status).toBe(200);
  });

  it('checks configured custom headers in constant time: missing or different → 401', async () => {
    receiver.reconfigure({ customHeaders: { Authorization: 'Bearer xyz' } });
    const body = JSON.stringify(openTab());
    const sig = { 'X-Service-Signature': signBody(body, SECRET) };
    const missing = await post(url, body, sig);
    expect(missing.status).toBe(401);
    expect(missing.json).toEqual({ error: 'custom header Authorization is missing' });
    const wrong = await post(url, body, { ...sig, authorization: 'Bearer xy' });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: 'custom header Authorization does not match' });
    const ok = await post(url, body, { ...sig, AUTHORIZATION: 'Bearer xyz' });
    expect(ok.status).toBe(200);
    expect(receiver.counters()).toMatchObject({ rejected: 2, verified: 1 });
    // The integrator's credential is never written to the log, accepted or refused.
    for (const seq of [wrong.json!.seq, ok.json!.seq]) {
      const detail = receiver.detail(seq as number);
      if (!detail) continue;
      expect(JSON.stringify(detail)).not.toContain('Bearer xy');
      expect(detail.headers.AUTHORIZATION ?? detail.headers.authorization).toBe('[redacted]');
    }
    expect(curlFor(receiver.detail(ok.json!.seq as number)!, url)).toContain(
      '"AUTHORIZATION: ${WEBHOOK_HEADER_AUTHORIZATION}"',
    );
  });

  it('stores headers as sent: first spelling kept, repeats joined, names like __proto__ or constructor as plain keys', async () => {
    const body = JSON.stringify(openTab());
    const { port } = new URL(url);
    const head = [
      `POST /webhooks HTTP/1.1`,
      `Host: venue.test`,
      `Content-Type: application/json`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      `X-Service-Signature: ${signBody(body, SECRET)}`,
      `__proto__: polluted`,
      `constructor: c1`,
      `X-Trace: a`,
      `x-trace: b`,
      `toString: t`,
      `Connection: close`,
    ].join('\r\n');
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${head}\r\n\r\n${body}`));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.slice(0, 200)).toMatch(/^HTTP\/1.1 200/);
    const seq = (JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { seq: number }).seq;
    const headers = receiver.detail(seq)!.headers;
    expect(Object.getPrototypeOf(headers)).toBe(Object.prototype);
    expect(Object.keys(headers)).toEqual([
      'Host',
      'Content-Type',
      'Content-Length',
      'X-Service-Signature',
      '__proto__',
      'constructor',
      'X-Trace',
      'toString',
      'Connection',
    ]);
    expect(Object.getOwnPropertyDescriptor(headers, '__proto__')?.value).toBe('polluted');
    expect(headers.constructor).toBe('c1');
    expect(headers['X-Trace']).toBe('a, b');
    expect(headers.toString).toBe('t');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The same headers after a restart, read back from the log.
    await receiver.stop();
    const again = reopened();
    expect(again.detail(seq)!.headers).toEqual(headers);
    await again.stop();
  });

  it('stop() waits for a delivery in progress: its body finishes, it is stored and answered 200', async () => {
    const body = JSON.stringify(openTab());
    const { port } = new URL(url);
    const head = `POST /webhooks HTTP/1.1\r\nHost: venue.test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Service-Signature: ${signBody(body, SECRET)}\r\n\r\n`;
    const socket = connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(head + body.slice(0, 20));
    await settle();
    let stopped = false;
    const stopping = receiver.stop().then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    socket.write(body.slice(20));
    await stopping;
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    socket.destroy();
    const again = reopened();
    expect(again.page().total).toBe(1);
    await again.stop();
  });

  it('accepts unsigned deliveries as "unsigned" when no secret is configured, and says so in the status', async () => {
    receiver.reconfigure({ secret: null });
    expect(receiver.status().signatureRequired).toBe(false);
    const reply = await deliver(url, openTab(), null);
    expect(reply.status).toBe(200);
    expect(receiver.detail(reply.json!.seq as number)!).toMatchObject({
      verification: 'unsigned',
      signature: { result: 'not-configured' },
    });
    expect(receiver.counters()).toMatchObject({ unsigned: 1, verified: 0 });
  });

  it('keeps an unsigned delivery for inspection only: never applied, and replay says why', async () => {
    receiver.reconfigure({ secret: null });
    const reply = await deliver(url, openTab(), null);
    expect(reply.status).toBe(200);
    const seq = reply.json!.seq as number;
    await vi.waitFor(() => expect(appended.map((a) => a.seq)).toContain(seq));
    expect(applied).toEqual([]);
    expect(receiver.replay(seq)).toMatchObject({ applied: false, message: expect.stringMatching(/unsigned/) });
    // Nor after a restart: the replay of the log leaves it out too.
    await receiver.stop();
    const again = reopened();
    const replayed: AcceptedEvent[] = [];
    again.addProjection({ name: 'probe', apply: (e) => void replayed.push(e) });
    expect(replayed).toEqual([]);
    await again.stop();
    await open({ dataDir });
  });

  it('refuses, without a secret, what a web page can send: an Origin header or a body that is not application/json', async () => {
    receiver.reconfigure({ secret: null });
    const body = JSON.stringify(openTab());
    // What Chromium sends for fetch(url, {method: 'POST', mode: 'no-cors', body}) from a page.
    const browser = {
      'content-type': 'text/plain;charset=UTF-8',
      origin: 'http://127.0.0.1:9999',
      'sec-fetch-mode': 'no-cors',
      'sec-fetch-site': 'same-site',
    };
    const fromPage = await post(url, body, browser);
    expect(fromPage.status).toBe(403);
    const textPlain = await post(url, body, { 'content-type': 'text/plain' });
    expect(textPlain.status).toBe(415);
    const form = await post(url, body, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const jsonWithOrigin = await post(url, body, { origin: 'null' });
    expect(jsonWithOrigin.status).toBe(403);
    await vi.waitFor(() => expect(appended).toHaveLength(4));
    expect(appended.every((a) => a.verification === 'rejected')).toBe(true);
    expect(applied).toEqual([]);
    // With a secret, the signature decides: a signed text/plain delivery from the service is fine.
    receiver.reconfigure({ secret: SECRET });
    const signed = await post(url, body, {
      'content-type': 'text/plain',
      'X-Service-Signature': signBody(body, SECRET),
    });
    expect(signed.status).toBe(200);
  });
});

describe('connections per address', () => {
  it('refuses a connection past the per-address cap while every held one has spoken, and takes new ones as old ones close', async () => {
    await open({ connectionLimits: { perAddress: 8 } });
    const { port } = new URL(url);
    const held: Socket[] = [];
    for (let n = 0; n < 8; n++) {
      // A request answered and the connection kept alive: it has spoken, so nothing pushes it out.
      const socket = connect(Number(port), '127.0.0.1');
      socket.on('error', () => {});
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write('GET /nothing HTTP/1.1\r\nHost: listener\r\nConnection: keep-alive\r\n\r\n');
      await new Promise((resolve) => socket.once('data', resolve));
      held.push(socket);
    }
    // The ninth is closed by the listener without a byte of answer.
    const ninth = connect(Number(port), '127.0.0.1');
    let answered = false;
    ninth.on('data', () => (answered = true));
    ninth.on('error', () => {});
    await new Promise((resolve) => ninth.once('close', resolve));
    expect(answered).toBe(false);
    // The held ones still work, and one closed makes room for a delivery.
    held[0].destroy();
    await vi.waitFor(async () => expect((await deliver(url, openTab())).status).toBe(200));
    for (const socket of held) socket.destroy();
  });
});

describe('limits and validation', () => {
  beforeEach(() => open());

  it('answers 413 to a body over 1 MiB, keeping a 4 KiB stub as a rejected row', async () => {
    const body = Buffer.alloc(1024 * 1024 + 1, 0x20);
    body.write('{"type":"OPEN_TAB","data":{},"pad":"', 0);
    const reply = await post(url, body, { 'X-Service-Signature': signBody(body, SECRET) });
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe('close');
    const row = receiver.page({ verification: 'rejected' }).rows[0];
    const detail = receiver.detail(row.seq)!;
    expect(detail).toMatchObject({
      truncated: true,
      httpStatus: 413,
      bodyBytes: 1024 * 1024 + 1,
      signature: { result: 'unchecked' },
    });
    expect(detail.rawBody.length).toBe(4096);
    expect(detail.problem).toMatch(/^body too large/);
  });

  it("keeps an idle keep-alive connection past Node's 5 s default, so a sender reusing it is not reset", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = () =>
      new Promise<{ status: number; port: number }>((resolve, reject) => {
        const body = JSON.stringify(openTab());
        const req = request(
          url,
          {
            method: 'POST',
            agent,
            headers: { 'content-length': Buffer.byteLength(body), 'X-Service-Signature': signBody(body, SECRET) },
          },
          (res) => {
            const port = res.socket.localPort ?? -1;
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, port }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    try {
      const first = await send();
      // Past 5 s and the second or so Node may add before closing.
      await new Promise((resolve) => setTimeout(resolve, 7_000));
      const second = await send();
      expect([first.status, second.status]).toEqual([200, 200]);
      // The same connection: the listener did not close it while it sat idle.
      expect(second.port).toBe(first.port);
    } finally {
      agent.destroy();
    }
  }, 15_000);

  it('accepts a body of exactly the limit', async () => {
    await receiver.stop();
    await open({ maxBodyBytes: 4096 });
    const e = openTab();
    const base = JSON.stringify({ ...e, pad: '' });
    const body = JSON.stringify({ ...e, pad: 'x'.repeat(4096 - Buffer.byteLength(base)) });
    expect(Buffer.byteLength(body)).toBe(4096);
    expect((await deliver(url, body)).status).toBe(200);
    const over = JSON.stringify({ ...e, pad: 'x'.repeat(4097 - Buffer.byteLength(base)) });
    expect((await deliver(url, over)).status).toBe(413);
  });

  it('answers 400 to a body that is not JSON or an envelope without createdAt, and stores both as rejected', async () => {
    const notJson = await deliver(url, '{"type": "OPEN_TAB", oops');
    expect(notJson.status).toBe(400);
    expect(String(notJson.json!.error)).toMatch(/^body is not JSON/);
    const { createdAt: _, ...noCreatedAt } = openTab();
    const invalid = await deliver(url, noCreatedAt);
    expect(invalid.status).toBe(400);
    expect(String(invalid.json!.error)).toContain('createdAt');
    const arrayData = await deliver(url, { ...openTab(), data: [] });
    expect(arrayData.status).toBe(400);
    // A numeric id is an id; an object where an id belongs is not.
    const objectTarget = await deliver(url, { ...openTab(), targetUuid: { id: 42 } });
    expect(objectTarget.status).toBe(400);
    expect(receiver.counters()).toMatchObject({ rejected: 4 });
    // Signed correctly, so the inspector shows the signature matched even though the body was refused.
    expect(receiver.detail(1)!.signature.result).toBe('match');
  });

  it('answers 405 to other methods and 404 to other paths, without storing them', async () => {
    const get = await post(url, '', {}, { method: 'GET' });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await post(url.replace('/webhooks', '/other'), JSON.stringify(openTab()))).status).toBe(404);
    expect(
      (
        await post(`${url}?x=1`, JSON.stringify(openTab()), {
          'X-Service-Signature': signBody(JSON.stringify(openTab()), SECRET),
        })
      ).status,
    ).toBe(200);
    expect(receiver.counters().received).toBe(1);
  });

  it('stores an unknown type, flagged, answers 2xx, and does not apply it', async () => {
    const reply = await deliver(url, envelope('TABLE_MOVED', { targetUuid: 'x', data: { from: 1 } }));
    expect(reply.status).toBe(200);
    await settle();
    expect(receiver.detail(reply.json!.seq as number)).toMatchObject({
      knownType: false,
      verification: 'verified',
      problem: 'unknown event type "TABLE_MOVED"',
    });
    expect(receiver.counters()).toMatchObject({ verified: 1, flagged: 1 });
    expect(applied).toEqual([]);
    expect(receiver.replay(reply.json!.seq as number).applied).toBe(false);
  });

  it.each(WEBHOOK_EVENT_TYPES)(
    '%s: valid data is accepted unflagged and applied; a mistyped documented key is stored flagged and not applied',
    async (type) => {
      const sample = SAMPLES[type];
      const good = await deliver(
        url,
        envelope(type, { ...sample, data: { ...sample.data, addedInAMinorVersion: [1, 2] } }),
      );
      expect(good.status).toBe(200);
      await settle();
      expect(receiver.detail(good.json!.seq as number)).toMatchObject({ type, knownType: true, problem: null });
      expect(applied.map((e) => e.type)).toEqual([type]);
      expect(applied[0].data).toMatchObject(sample.data);

      const [key, bad] = sample.mistyped;
      // Types without data keys: break the target the type must carry (6.5) instead.
      const broken =
        key === ''
          ? envelope(type, { data: sample.data })
          : envelope(type, { ...sample, data: { ...sample.data, [key]: bad } });
      const reply = await deliver(url, broken);
      expect(reply.status).toBe(200);
      await settle();
      const detail = receiver.detail(reply.json!.seq as number)!;
      expect(detail.problem).toContain(key === '' ? 'targetUuid' : `data.${key}`);
      expect(applied).toHaveLength(1);
      expect(receiver.counters()).toMatchObject({ verified: 2, flagged: 1 });
    },
  );

  it('flags a missing documented key, CATEGORY_UPDATED with a targetUuid, and option groups nested deeper than 2', async () => {
    const { orderId: _, ...noOrder } = SAMPLES.ITEM_ADDED.data;
    const deep = structuredClone(SAMPLES.OPTION_GROUP_UPDATED.data) as { optionGroups: { depth: number }[] };
    deep.optionGroups[2].depth = 3;
    const replies = [
      await deliver(url, envelope('ITEM_ADDED', { ...SAMPLES.ITEM_ADDED, data: noOrder })),
      await deliver(url, envelope('CATEGORY_UPDATED', { ...SAMPLES.CATEGORY_UPDATED, targetUuid: 'cat-u' })),
      await deliver(url, envelope('OPTION_GROUP_UPDATED', { ...SAMPLES.OPTION_GROUP_UPDATED, data: deep })),
    ];
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(replies.map((r) => receiver.detail(r.json!.seq as number)!.problem)).toEqual([
      expect.stringContaining('data.orderId'),
      'targetUuid: expected null for this type',
      expect.stringContaining('data.optionGroups.2.depth'),
    ]);
    // OPEN_TAB keys are optional (6.5 says OPEN_TAB has no data) but typed when present.
    const bare = await deliver(url, envelope('OPEN_TAB', { targetUuid: 'tab-9', data: {} }));
    expect(receiver.detail(bare.json!.seq as number)!.problem).toBeNull();
  });
});

describe('dedupe and freshness', () => {
  beforeEach(() => open());

  it('stores and applies an event delivered 3 times once, counting deliveries, also when the retry is re-serialized', async () => {
    const event = openTab();
    const first = await deliver(url, event);
    const second = await deliver(url, event);
    const reserialized = JSON.stringify({ data: event.data, createdAt: event.createdAt, ...event }, null, 1);
    const third = await deliver(url, reserialized);
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(second.json).toEqual({ ok: true, seq: first.json!.seq, duplicate: true });
    expect(third.json).toEqual({ ok: true, seq: first.json!.seq, duplicate: true });
    await settle();
    expect(applied).toHaveLength(1);
    expect(receiver.page().total).toBe(1);
    expect(receiver.detail(first.json!.seq as number)!.deliveries).toBe(3);
    expect(receiver.counters()).toMatchObject({ received: 3, verified: 1, duplicate: 2 });
  });

  it('dedupes concurrent deliveries of one event that arrive before the first is stored', async () => {
    const event = envelope('ITEM_ADDED', SAMPLES.ITEM_ADDED);
    const replies = await Promise.all(Array.from({ length: 8 }, () => deliver(url, event)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.json!.seq)).size).toBe(1);
    expect(replies.filter((r) => r.json!.duplicate === true)).toHaveLength(7);
    await settle();
    expect(applied).toHaveLength(1);
    expect(receiver.page().rows[0].deliveries).toBe(8);
  });

  it('treats events differing only in data as different', async () => {
    await deliver(url, envelope('GUEST_SUBSCRIBED', { targetUuid: 'c', data: { handle: 'a' } }));
    await deliver(url, envelope('GUEST_SUBSCRIBED', { targetUuid: 'c', data: { handle: 'b' } }));
    expect(receiver.counters()).toMatchObject({ verified: 2, duplicate: 0 });
  });

  it('answers 2xx to stale and future events, drops them and counts them', async () => {
    const old = await deliver(
      url,
      envelope('OPEN_TAB', SAMPLES.OPEN_TAB, new Date(T0 - 25 * 3_600_000 - 1).toISOString()),
    );
    const future = await deliver(
      url,
      envelope('OPEN_TAB', SAMPLES.OPEN_TAB, new Date(T0 + 3_600_000 + 1).toISOString()),
    );
    const edge = await deliver(
      url,
      envelope('OPEN_TAB', SAMPLES.OPEN_TAB, new Date(T0 - 25 * 3_600_000 + 1000).toISOString()),
    );
    expect([old.json, future.json]).toEqual([
      { ok: true, stale: true },
      { ok: true, stale: true },
    ]);
    expect(edge.json).toMatchObject({ ok: true, seq: expect.any(Number) });
    await settle();
    expect(receiver.counters()).toMatchObject({ received: 3, stale: 2, verified: 1 });
    expect(receiver.page().total).toBe(1);
    expect(applied).toHaveLength(1);
  });

  it('replays a stored event into projections on demand, idempotently', async () => {
    const reply = await deliver(url, openTab());
    await settle();
    const result = receiver.replay(reply.json!.seq as number);
    expect(result).toEqual({ applied: true, message: expect.stringContaining('OPEN_TAB') });
    expect(applied).toHaveLength(2);
    expect(receiver.replay(999).applied).toBe(false);
  });
});
