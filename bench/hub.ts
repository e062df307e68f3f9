// Section 7: one venue, several devices. A hub (`--hub`, its own process) and satellites paired
// with it. Rows: a push from the hub's core reaching a satellite's screen bridge (hub → TLS →
// satellite → its loopback WebSocket) against the hub's own screen bridge in the same run; and
// the hub process's RSS and CPU while punches flow with 10 satellite links connected, against
// none. "Screen" here is the bridge a page uses (a WebSocket client), not a browser's paint.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { SectionContext } from './run';
import { NODE_TSX, rssMB, startChild, stopChild } from './children';
import { makeRow, type Row, type RowTemplate } from './report';
import { percentile, sleep } from './stats';
import { pairWithHub } from '../electron/core/hub/hub-client';
import { HubLink } from '../electron/core/hub/hub-link';
import { startSatellite } from '../electron/host/satellite';
import { startHost } from '../electron/host/host';
import type { StaffSession } from '../shared/labor';
import type { HubView } from '../shared/hub';

export const HUB_ROWS = {
  latency: {
    key: 'hub.event_to_satellite_screen_p95',
    label: "a punch's `labor` push → a satellite's screen bridge (hub → TLS → satellite → loopback WebSocket), p95",
    unit: 'ms',
    baselineOf: "the same push → the hub's own screen bridge, same punches",
  },
  rss: {
    key: 'hub.rss_10_satellites',
    label: 'hub process RSS with 10 satellite links connected, punches flowing',
    unit: 'MB',
    baselineOf: 'the same hub and load with 0 satellites',
  },
  cpu: {
    key: 'hub.cpu_10_satellites',
    label: 'hub process CPU with 10 satellite links connected, punches flowing',
    unit: '% of a core',
    baselineOf: 'the same hub and load with 0 satellites',
  },
} satisfies Record<string, RowTemplate>;

interface ScreenBridge {
  /** Arrival times (performance.now) of every `labor` push. */
  times: number[];
  call<T>(channel: string, ...args: unknown[]): Promise<T>;
  close(): void;
}

/** A screen's bridge as a page holds it: one WebSocket for requests and pushes (launch tokens work once). */
function screenBridge(hostUrl: string): Promise<ScreenBridge> {
  const url = new URL(hostUrl);
  const ws = new WebSocket(`ws://${url.host}/ws?token=${url.searchParams.get('token') ?? ''}`, {
    origin: `http://${url.host}`,
  });
  const times: number[] = [];
  const pending = new Map<number, (m: { ok: boolean; result?: unknown; error?: { message: string } }) => void>();
  let nextId = 1;
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as {
      id?: number;
      event?: string;
      ok: boolean;
      result?: unknown;
      error?: { message: string };
    };
    if (m.event === 'labor') times.push(performance.now());
    if (typeof m.id === 'number') pending.get(m.id)?.(m);
  });
  const call = <T>(channel: string, ...args: unknown[]) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, (m) => (pending.delete(id), m.ok ? resolve(m.result as T) : reject(new Error(m.error?.message))));
      ws.send(JSON.stringify({ id, channel, args }));
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ times, call, close: () => ws.close() }));
    ws.once('error', reject);
  });
}

function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

export async function benchHub(context: SectionContext): Promise<Row[]> {
  const { profile, log } = context;
  const root = mkdtempSync(join(tmpdir(), 'venue-bench-hub-'));
  const rendererDir = join(root, 'renderer');
  mkdirSync(rendererDir);
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>bench</title>');
  const hub = await startChild(
    [
      ...NODE_TSX,
      'electron/host/cli.ts',
      '--hub',
      '--hub-host',
      '127.0.0.1',
      '--hub-port',
      '0',
      '--port',
      '0',
      '--data-dir',
      join(root, 'hub'),
    ],
    /ready at (\S+)/,
    { env: { VENUE_RENDERER_DIR: rendererDir, VENUE_HUB_MDNS: '0' }, timeoutMs: 60_000 },
  );
  const cleanups: (() => Promise<void> | void)[] = [
    () => stopChild(hub.child),
    () => rmSync(root, { recursive: true, force: true }),
  ];
  try {
    const hubAddress = `127.0.0.1:${/satellites pair at port (\d+)/.exec(hub.stderr())![1]}`;
    const screen = await screenBridge(hub.url);
    cleanups.unshift(() => screen.close());
    const [location] = await screen.call<unknown[]>('laborLocations');
    await screen.call('laborSetLocation', null, location).catch(() => undefined);
    const manager = await screen.call<StaffSession>('laborIdentify', { pin: '9999' });
    const code = async () => (await screen.call<HubView>('hubOpenPairing', manager.token, 'workstation')).pairing!.code;

    // Latency: one satellite with its own screen bridge.
    const satellite = await startSatellite({
      dataDir: join(root, 'sat'),
      hubUrl: hubAddress,
      pairCode: await code(),
      deviceName: 'bench',
    });
    const satHost = await startHost({ rendererDir, handlers: satellite.handlers, events: satellite.events });
    cleanups.unshift(
      () => satellite.close(),
      () => satHost.close(),
    );
    const hubClock = screen;
    const satClock = await screenBridge(satHost.url);
    cleanups.unshift(() => satClock.close());
    const staff = await screen.call<StaffSession>('laborIdentify', { pin: '2222' });
    let on = false;
    const punch = async () => {
      await screen.call(
        'laborPunch',
        staff.token,
        on ? { action: 'punch-out' } : { action: 'punch-in', role: staff.roles[0] },
      );
      on = !on;
    };
    const hubLat: number[] = [];
    const satLat: number[] = [];
    for (let i = 0; i < profile.screen.warmup + profile.screen.events; i++) {
      const t0 = performance.now();
      await punch();
      for (let w = 0; w < 200 && !(hubClock.times.some((t) => t >= t0) && satClock.times.some((t) => t >= t0)); w++)
        await sleep(5);
      if (i >= profile.screen.warmup) {
        hubLat.push(hubClock.times.find((t) => t >= t0)! - t0);
        satLat.push(satClock.times.find((t) => t >= t0)! - t0);
      }
      await sleep(20);
    }
    log(
      `hub: ${satLat.length} punches, satellite p95 ${percentile(satLat, 95).toFixed(1)} ms vs hub screen ${percentile(hubLat, 95).toFixed(1)} ms`,
    );

    // RSS and CPU of the hub while punches flow, with 0 and then 10 satellite links.
    const windowMs = profile.mode === 'full' ? 10_000 : profile.mode === 'quick' ? 3_000 : 1_000;
    const measure = async () => {
      const c0 = cpuSeconds(hub.child.pid!);
      const t0 = performance.now();
      while (performance.now() - t0 < windowMs) {
        await punch();
        await sleep(50);
      }
      return {
        cpu: ((cpuSeconds(hub.child.pid!) - c0) / ((performance.now() - t0) / 1000)) * 100,
        rss: rssMB(hub.child.pid!),
      };
    };
    await satellite.close();
    await sleep(500);
    const none = await measure();
    const links: HubLink[] = [];
    for (let i = 0; i < 10; i++)
      links.push(await HubLink.open(await pairWithHub({ url: hubAddress, code: await code(), name: `bench ${i}` })));
    cleanups.unshift(() => links.forEach((l) => l.close()));
    const ten = await measure();
    return [
      makeRow({
        ...HUB_ROWS.latency,
        value: percentile(satLat, 95),
        baseline: percentile(hubLat, 95),
        runs: satLat,
        note: `${satLat.length} punches`,
      }),
      makeRow({ ...HUB_ROWS.rss, value: ten.rss, baseline: none.rss }),
      makeRow({
        ...HUB_ROWS.cpu,
        value: ten.cpu,
        baseline: none.cpu,
        note: `${windowMs / 1000} s of punches every ~50 ms`,
      }),
    ];
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}
