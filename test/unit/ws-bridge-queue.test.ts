// The renderer's bridge against a real headless host and core, with its socket down or lost: a
// call that waited for the socket and was given up (the screen told "not sent") never reaches the
// core when the socket opens later, and a pass order sent before the socket closed fails as
// outcome-unknown the moment it closes, not when the call's timer runs out.
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatch } from '../../electron/core/ipc-dispatch';
import { startHost } from '../../electron/host/host';
import type { OrderLineInput } from '../../shared/tabs';
import { newRequestId as rid } from '../../shared/request-id';
import { freePort, waitUntil } from '../support';
import { installPageWebSocket } from '../support/page-websocket';
import { PASSES, PRODUCTS, removeTempDirs, startCore, type TestCore } from './tabs-kit';

// Kept out of the node type check's file list: the renderer's bridge, run here as the page runs it.
const WS_BRIDGE = '../../renderer/src/bridge/ws-bridge';

type Api = Record<string, (...args: unknown[]) => Promise<unknown>>;
interface Bridge {
  api: Api;
  onState(listener: (state: string) => void): () => void;
}
type CreateWsBridge = (url: string, options?: { callTimeoutMs?: number }) => Bridge;

const lines: OrderLineInput[] = [{ productUuid: PRODUCTS.water.uuid, quantity: 1, price: PRODUCTS.water.price }];
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (error: unknown) => error,
  );

describe('the renderer’s bridge with its socket down or lost', () => {
  let t: TestCore;
  let rendererDir: string;
  let createWsBridge: CreateWsBridge;
  let page: { finish(): void } | undefined;
  /** The port of the host the page is from: the bridge's socket sends it as its Origin. */
  let pagePort = 0;
  const undo: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    t = await startCore({ subscribe: false });
    rendererDir = join(t.dataDir, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    page = installPageWebSocket(() => `http://127.0.0.1:${pagePort}`);
    createWsBridge = ((await import(WS_BRIDGE)) as { createWsBridge: CreateWsBridge }).createWsBridge;
  });

  afterEach(async () => {
    while (undo.length) await undo.pop()!();
  });

  afterAll(async () => {
    page?.finish();
    await t?.stop();
    removeTempDirs();
  });

  const orders = () => t.core.sandbox()!.world.tabs.orders.size;

  /** A bridge whose state the test can wait on. */
  function bridgeTo(port: number, token: string, callTimeoutMs?: number) {
    pagePort = port;
    const bridge = createWsBridge(`ws://127.0.0.1:${port}/ws?token=${token}`, { callTimeoutMs });
    let state = '';
    bridge.onState((s) => (state = s));
    return { api: bridge.api, state: () => state };
  }

  /** The host on `port`, the core behind it; each channel it hands the core is recorded. */
  async function hostOn(port: number, token: string, hold?: (channel: string) => Promise<void>) {
    const dispatched: string[] = [];
    const running: Promise<unknown>[] = [];
    const dispatch: Dispatch = (channel, args, caller) => {
      dispatched.push(String(channel));
      const done = (async () => {
        await hold?.(String(channel));
        return t.core.dispatch(channel, args, caller);
      })();
      running.push(done);
      return done;
    };
    const host = await startHost({
      rendererDir,
      handlers: t.core.handlers,
      dispatch,
      events: t.core.events,
      port,
      token,
    });
    undo.push(async () => {
      await host.close();
      await Promise.allSettled(running);
    });
    return { host, dispatched };
  }

  it('a queued call given up at its timeout never reaches the core when the socket opens', async () => {
    const port = await freePort();
    const token = randomBytes(24).toString('hex');
    // Nothing listens on the port yet: the order waits in the queue.
    const bridge = bridgeTo(port, token, 500);
    const before = orders();
    const error = await failure(bridge.api.passOrder(PASSES.noLimit, lines, rid()));
    expect(error).toMatchObject({ kind: 'unreachable', message: expect.stringMatching(/not sent/) });

    const { dispatched } = await hostOn(port, token);
    await waitUntil(() => bridge.state() === 'open', 10_000);
    // Sent after the open on the same socket, so answered after anything the open flushed.
    await bridge.api.tabsView();
    expect(dispatched).toEqual(['tabsView']);
    expect(orders()).toBe(before);
  });

  it('a sent pass order fails as outcome-unknown the moment the socket closes', async () => {
    const port = await freePort();
    const token = randomBytes(24).toString('hex');
    let reached!: () => void;
    const reachedCore = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const { host, dispatched } = await hostOn(port, token, async (channel) => {
      if (channel !== 'passOrder') return;
      reached();
      await released;
    });
    // The bridge's own 30 s: longer than the test may run, so only the close can settle the call.
    const bridge = bridgeTo(port, token);
    await bridge.api.tabsView();
    const before = orders();

    const order = failure(bridge.api.passOrder(PASSES.noLimit, lines, rid()));
    await reachedCore;
    await host.close();
    expect(await order).toMatchObject({ kind: 'outcome-unknown', data: { operation: 'passOrder' } });

    // The host still did it: the screen was right not to say it failed.
    release();
    await waitUntil(() => orders() === before + 1);
    expect(dispatched).toEqual(['tabsView', 'passOrder']);
  });
});
