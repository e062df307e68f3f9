// A failure's kind and data arrive intact on the far side of every transport: Electron IPC (the
// dispatcher, structured clone, the preload, the context bridge's copy, the renderer's bridge),
// the headless host's WebSocket (with the renderer's own WebSocket bridge), and the hub link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, type ErrorPayload } from '../../shared/app-error';
import type { IpcEventMap, IpcHandlers } from '../../shared/contract';
import { rebuildError, settleOutcome } from '../../shared/ipc-outcome';
import { dispatchRequest } from '../../electron/core/ipc-dispatch';
import { ServiceError, httpError } from '../../electron/core/api/errors';
import { TypedEmitter } from '../../electron/core/typed-emitter';
import { startHost, type RunningHost } from '../../electron/host/host';
import { tempDirs } from '../support';
import { installPageWebSocket } from '../support/page-websocket';
import { HubLink, pairDevice, startTestHub, type TestHub } from './hub-kit';

const WS_BRIDGE = '../../renderer/src/bridge/ws-bridge';

const SPEND_LIMIT = new AppError('spend-limit', 'This pass has reached its spend limit.', {
  limitCents: 5000,
  spentCents: 2000,
  orderCents: 6600,
  mode: 'pre',
});
const LOCKED = new AppError('locked-out', 'pad locked', { until: 1_900_000_000_000, deviceId: 'd1', userId: 'u7' });

/** Handlers whose getSnapshot throws `error` (every other channel is unused here). */
function throwing(error: unknown): IpcHandlers {
  return {
    getSnapshot: async () => {
      throw error;
    },
  } as unknown as IpcHandlers;
}

/** What the renderer gets inside Electron: invoke's structured clone, the preload, the bridge's copy, the rebuild. */
async function throughElectron(
  handlers: IpcHandlers,
  channel = 'getSnapshot',
  args: unknown[] = [],
): Promise<AppError> {
  const outcome = structuredClone(await dispatchRequest(handlers, channel, args));
  try {
    await settleOutcome(outcome);
  } catch (reason) {
    return rebuildError(structuredClone(reason));
  }
  throw new Error('expected the call to fail');
}

function expectSame(error: AppError, sent: AppError): void {
  expect(error).toBeInstanceOf(AppError);
  expect(error.kind).toBe(sent.kind);
  expect(error.data).toEqual(sent.data);
  expect(error.message).toBe(sent.message);
}

describe('Electron IPC: dispatcher to preload to the renderer', () => {
  it('delivers an AppError with its kind and data', async () => {
    expectSame(await throughElectron(throwing(SPEND_LIMIT)), SPEND_LIMIT);
    expectSame(await throughElectron(throwing(LOCKED)), LOCKED);
  });

  it('gives the service’s failures their kinds', async () => {
    const busy = httpError('GET /api/loc', 429, 'slow down', null, undefined, 7000);
    expect(await throughElectron(throwing(busy))).toMatchObject({ kind: 'rate-limited', data: { retryAfterMs: 7000 } });
    expect(await throughElectron(throwing(httpError('GET /api/loc', 401, null)))).toMatchObject({
      kind: 'not-signed-in',
    });
    expect(await throughElectron(throwing(httpError('GET /api/loc', 403, null)))).toMatchObject({ kind: 'forbidden' });
    expect(await throughElectron(throwing(httpError('GET /api/loc', 503, null)))).toMatchObject({
      kind: 'service-failed',
      data: { status: 503 },
    });
    const limit = httpError('POST /x/items', 400, 'This pass has reached its spend limit.', null, {
      alert: 'This pass has reached its spend limit.',
    });
    expect(await throughElectron(throwing(limit))).toMatchObject({ kind: 'spend-limit' });
    const late = (route: string) => new ServiceError('no answer', { kind: 'timeout', route });
    expect(await throughElectron(throwing(late('GET /api/loc')))).toMatchObject({ kind: 'timed-out' });
    // A write with no answer may have happened: never a plain timeout that invites a resend.
    expect(await throughElectron(throwing(late('POST /api/tab/1/refund')))).toMatchObject({
      kind: 'outcome-unknown',
      data: { operation: 'POST /api/tab/1/refund' },
    });
    expect(
      await throughElectron(throwing(new ServiceError('refused', { kind: 'network', route: 'GET /' }))),
    ).toMatchObject({ kind: 'unreachable' });
    expect(
      await throughElectron(throwing(new ServiceError('html', { kind: 'bad-response', route: 'GET /api/loc' }))),
    ).toMatchObject({ kind: 'cannot-read', data: { what: 'GET /api/loc' } });
  });

  it('keeps the message of anything else for the log, as internal', async () => {
    const error = await throughElectron(throwing(new TypeError('x is undefined')));
    expect(error).toMatchObject({ kind: 'internal', message: 'x is undefined' });
  });

  it('names refused arguments and unknown channels by kind', async () => {
    expect(await throughElectron(throwing(null), 'laborStaff', ['short'])).toMatchObject({
      kind: 'invalid',
      data: { field: null },
    });
    expect(await throughElectron(throwing(null), 'noSuchChannel')).toMatchObject({ kind: 'unknown-channel' });
  });
});

describe("the headless host's WebSocket and the renderer's bridge", () => {
  const dirs = tempDirs('venue-error-kinds-');
  let host: RunningHost;
  let thrown: unknown = SPEND_LIMIT;
  let page: { finish(): void } | undefined;

  beforeAll(async () => {
    const rendererDir = join(dirs.make(), 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
    host = await startHost({
      rendererDir,
      handlers: {
        getSnapshot: async () => {
          throw thrown;
        },
      } as unknown as IpcHandlers,
      events: new TypedEmitter<IpcEventMap>(),
    });
    page = installPageWebSocket(() => `http://127.0.0.1:${host.port}`);
  });

  afterAll(async () => {
    page?.finish();
    await host?.close();
    dirs.removeAll();
  });

  it('rejects with the AppError the core threw, kind and data intact', async () => {
    // The renderer's own module, loaded by path: it is type-checked with the DOM's types, not here.
    const { createWsBridge } = (await import(WS_BRIDGE)) as {
      createWsBridge(url: string): { api: { getSnapshot(): Promise<unknown> } };
    };
    const bridge = createWsBridge(`ws://127.0.0.1:${host.port}/ws?token=${host.token}`);
    const failure = (): Promise<AppError> =>
      bridge.api.getSnapshot().then(
        () => {
          throw new Error('expected the call to fail');
        },
        (error: AppError) => error,
      );
    expectSame(await failure(), SPEND_LIMIT);
    thrown = LOCKED;
    expectSame(await failure(), LOCKED);
    thrown = httpError('GET /api/loc', 429, null, null, undefined, 2000);
    expect(await failure()).toMatchObject({ kind: 'rate-limited', data: { retryAfterMs: 2000 } });
  });
});

describe('the hub link', () => {
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub();
  });

  afterAll(async () => {
    await hub?.stop();
  });

  it("brings a satellite the hub core's kinds with their data", async () => {
    const link = await HubLink.open(await pairDevice(hub, 'kiosk'));
    try {
      const wrong = await link.request('laborIdentify', [{ pin: '97531' }]);
      expect(wrong).toMatchObject({ ok: false, error: { kind: 'invalid', data: { field: 'pin' } } });
      let error: ErrorPayload | null = null;
      for (let i = 0; i < 10 && error?.kind !== 'locked-out'; i++) {
        const o = await link.request('laborIdentify', [{ pin: '97531' }]);
        error = o.ok ? null : o.error;
      }
      expect(error).toMatchObject({ kind: 'locked-out', data: { deviceId: expect.any(String) } });
      const until = (error as Extract<ErrorPayload, { kind: 'locked-out' }>).data.until;
      expect(until).toBeGreaterThan(Date.now());
      // The lock is this device's: the hub's own pad stays open.
      expect(hub.app.labor.view().padLockedUntil).toBeNull();
    } finally {
      link.close();
    }
  });
});
