// 6. The whole app under a busy venue's load: the headless host as users run it (its own process,
// listener on, the service in another process instead of the embedded sandbox, the Events and
// Tabs screens open in Chromium over the bridge, so the board is watched and pushed), sent a
// steady `rate` of signed busy-venue events (envelopes.ts: tabs opening and closing, orders,
// items, refunds) for `seconds`. Baseline: the webhook receiver alone (bench/ingest-server.ts, the
// ingest section's child) at the same rate, the same way, so each row shows what the app adds.
// Both children preload loop-probe.ts, which writes their event-loop delay and RSS once a second.
// Then the ceiling of each (app-ceiling.ts): the whole app against a bare node:http server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from '../electron/sandbox';
import { describeSteps, findCeiling } from './app-ceiling';
import { NODE_TSX, rssMB, startChild, stopChild } from './children';
import { HARBOUR, prepareDeliveries } from './envelopes';
import { HostClient } from './host-client';
import { type RunningHost, startHostOn } from './host-child';
import { startServer } from './ingest';
import { type LoadResult, runPaced, withPacedSockets } from './load';
import { loopSeconds } from './loop-samples';
import { makeRow, type Row, type RowTemplate } from './report';
import type { SectionContext } from './run';
import { median, sleep } from './stats';

export const APP_ROWS = {
  p99: {
    key: 'app.soak_p99',
    label: 'whole app: p99 answer latency at a steady busy-venue rate, board and events screens watched',
    unit: 'ms',
    baselineOf: 'the receiver alone at the same rate',
    target: { on: 'value', op: '<', limit: 50 },
  },
  non2xx: {
    key: 'app.soak_non2xx',
    label: 'whole app: answers that were not 2xx, socket errors and timeouts during the soak',
    unit: 'count',
    baselineOf: 'the same for the receiver alone',
    target: { on: 'value', op: '=', limit: 0 },
  },
  loop: {
    key: 'app.soak_loop_p99',
    label: "whole app: event-loop delay p99 of the host's worst second during the soak",
    unit: 'ms',
    baselineOf: 'the same for the receiver alone',
    target: { on: 'value', op: '<', limit: 30 },
  },
  rss: {
    key: 'app.soak_rss_growth',
    label: 'whole app: host RSS after the soak and an idle pause, minus RSS before it',
    unit: 'MB',
    baselineOf: 'the same for the receiver alone',
    target: { on: 'value', op: '<', limit: 50 },
  },
  rssSettled: {
    key: 'app.soak_rss_settled',
    label: 'whole app: host RSS a minute after the soak (full; quick: 5 s), minus RSS before it',
    unit: 'MB',
    baselineOf: 'the same for the receiver alone',
  },
  pushes: {
    key: 'app.board_pushes',
    label: 'whole app: board pushes per second during the soak (coalesced, sent only while a screen shows the board)',
    unit: 'push/s',
    baselineOf: 'events per second sent',
  },
  ceiling: {
    key: 'app.ceiling',
    label: 'whole app: highest steady rate with 0 non-2xx and p99 < 100 ms (board watched)',
    unit: 'events/s',
    baselineOf: 'bare node:http server, found the same way in the same run',
  },
} satisfies Record<string, RowTemplate>;

interface SoakFigures {
  load: LoadResult;
  loopWorst: number;
  loopMedian: number;
  rssBefore: number;
  rssAfter: number;
  /** RSS `settleMs` after the load: what the process gives back once V8 and the allocator catch up. */
  rssSettled: number;
}

/** Warm-up, RSS before, the paced soak, an idle pause, RSS after; event-loop delay from the probe's file. */
async function soak(url: string, pid: number, loopFile: string, context: SectionContext): Promise<SoakFigures> {
  const { rate, seconds, warmupSeconds, idleMs, settleMs } = context.profile.app;
  // The soak goes on with the warm-up's connections (a pause of under 2 s, inside the servers'
  // keep-alive), as a service's sender keeps them.
  const { load, from, to, rssBefore } = await withPacedSockets(50, async (sockets) => {
    if (warmupSeconds > 0) await runPaced(url, prepareDeliveries(rate * warmupSeconds), rate, sockets);
    await sleep(1000);
    const rssBefore = median([rssMB(pid), (await sleep(300), rssMB(pid)), (await sleep(300), rssMB(pid))]);
    const deliveries = prepareDeliveries(rate * seconds);
    const from = Date.now();
    const load = await runPaced(url, deliveries, rate, sockets);
    return { load, from, to: Date.now(), rssBefore };
  });
  await sleep(Math.max(idleMs, 1100));
  // A probe line covers the second before it was written: every line written after the load began
  // and within a second of its end covers part of it.
  const during = loopSeconds(loopFile, from + 1, to + 1000);
  const rssAfter = median([rssMB(pid), (await sleep(300), rssMB(pid)), (await sleep(300), rssMB(pid))]);
  await sleep(Math.max(0, to + settleMs - Date.now()));
  const rssSettled = median([rssMB(pid), (await sleep(300), rssMB(pid)), (await sleep(300), rssMB(pid))]);
  const p99s = during.map((s) => s.p99);
  return {
    load,
    loopWorst: p99s.length ? Math.max(...p99s) : Number.NaN,
    loopMedian: median(p99s),
    rssBefore,
    rssAfter,
    rssSettled,
  };
}

async function openScreen(context: SectionContext, url: string, screen: 'Events' | 'Tabs'): Promise<Page> {
  const page = await (await context.browser()).newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(url);
  await page.getByTestId('status-bar').waitFor();
  await page.locator('nav button', { hasText: screen }).click();
  return page;
}

/** RSS at a moment after the load minus RSS before it, the whole app against the receiver alone. */
function rssRow(
  template: RowTemplate,
  app: SoakFigures,
  alone: SoakFigures,
  at: 'rssAfter' | 'rssSettled',
  afterMs: number,
): Row {
  return makeRow({
    ...template,
    value: app[at] - app.rssBefore,
    baseline: alone[at] - alone.rssBefore,
    ratio: null,
    note: `host ${app.rssBefore.toFixed(0)} → ${app[at].toFixed(0)} MB, receiver ${alone.rssBefore.toFixed(0)} → ${alone[at].toFixed(0)} MB, read ${afterMs / 1000} s after the load`,
  });
}

/** What the bad answers were, e.g. "app: HTTP 503 ×2; receiver alone: none". */
function badNote(app: LoadResult, alone: LoadResult): string {
  const list = (l: LoadResult) =>
    Object.entries(l.bad ?? {})
      .map(([what, n]) => `${what} ×${n}`)
      .join(', ') || 'none';
  return `app: ${list(app)}; receiver alone: ${list(alone)}`;
}

export async function benchAppSoak(context: SectionContext): Promise<Row[]> {
  const { rate, seconds, steps, stepSeconds } = context.profile.app;
  const dir = mkdtempSync(join(tmpdir(), 'venue-bench-app-'));
  const hostLoop = join(dir, 'host-loop.jsonl');
  const receiverLoop = join(dir, 'receiver-loop.jsonl');
  const sandbox = await startChild(
    [...NODE_TSX, 'electron/sandbox/cli.ts', '--port', '0'],
    /sandbox ready at (http:\/\/\S+)/,
  );
  let host: RunningHost | null = null;
  const pages: Page[] = [];
  try {
    host = await startHostOn(join(dir, 'host-data'), {
      serviceUrl: sandbox.url,
      probe: true,
      env: { BENCH_LOOP_FILE: hostLoop, VENUE_ACCESS_ID: DEMO_ACCESS_ID, VENUE_ACCESS_SECRET: DEMO_ACCESS_SECRET },
    });
    const client = await HostClient.connect(host.url);
    // The board of the bench's location, as a manager would have chosen it.
    await client
      .call('tabsSetLocation', { uuid: HARBOUR.locationUuid, name: HARBOUR.locationName })
      .catch((error: Error) =>
        context.log(`app: could not choose the location (${error.message}); the board shows every location`),
      );
    pages.push(await openScreen(context, host.url, 'Events'), await openScreen(context, host.url, 'Tabs'));
    const pushesBefore = client.pushes.get('tabsBoard') ?? 0;
    const app = await soak(host.listener, host.pid, hostLoop, context);
    const pushes = (client.pushes.get('tabsBoard') ?? 0) - pushesBefore;
    context.log(
      `app: whole app at ${rate}/s for ${seconds} s: p99 ${app.load.p99.toFixed(1)} ms, ${app.load.non2xx + app.load.errors} bad, loop p99 worst ${app.loopWorst} ms (median second ${app.loopMedian} ms), RSS ${app.rssBefore.toFixed(0)} → ${app.rssAfter.toFixed(0)} MB, ${pushes} board pushes`,
    );

    const receiver = await startServer('listener', join(dir, 'receiver-data'), receiverLoop);
    let alone: SoakFigures;
    try {
      alone = await soak(receiver.url, receiver.child.pid!, receiverLoop, context);
    } finally {
      await receiver.stop();
    }
    context.log(
      `app: receiver alone: p99 ${alone.load.p99.toFixed(1)} ms, loop p99 worst ${alone.loopWorst} ms, RSS ${alone.rssBefore.toFixed(0)} → ${alone.rssAfter.toFixed(0)} MB`,
    );

    const appCeiling = await findCeiling(host.listener, steps, stepSeconds, context.profile.app.warmupSeconds);
    client.close();
    const bare = await startServer('bare', join(dir, 'bare'));
    let bareCeiling: Awaited<ReturnType<typeof findCeiling>>;
    try {
      bareCeiling = await findCeiling(bare.url, steps, stepSeconds, context.profile.app.warmupSeconds);
    } finally {
      await bare.stop();
    }
    context.log(
      `app: ceiling whole app ${appCeiling.ceiling}/s (${describeSteps(appCeiling.steps)}); bare ${bareCeiling.ceiling}/s (${describeSteps(bareCeiling.steps)})`,
    );

    const bad = (l: LoadResult) => l.non2xx + l.errors + l.timeouts;
    const R = APP_ROWS;
    const note = `${rate}/s for ${seconds} s (${(rate * seconds).toLocaleString('en-US')} events)`;
    const topped = steps.length > 0 && bareCeiling.ceiling === steps[steps.length - 1];
    return [
      makeRow({
        ...R.p99,
        value: app.load.p99,
        baseline: alone.load.p99,
        note: `${note}; p50 ${app.load.p50.toFixed(2)} vs ${alone.load.p50.toFixed(2)} ms`,
      }),
      makeRow({
        ...R.non2xx,
        value: bad(app.load),
        baseline: bad(alone.load),
        ratio: null,
        note: badNote(app.load, alone.load),
      }),
      makeRow({
        ...R.loop,
        value: app.loopWorst,
        baseline: alone.loopWorst,
        note: `median second ${app.loopMedian} vs ${alone.loopMedian} ms`,
      }),
      rssRow(R.rss, app, alone, 'rssAfter', context.profile.app.idleMs),
      rssRow(R.rssSettled, app, alone, 'rssSettled', context.profile.app.settleMs),
      makeRow({
        ...R.pushes,
        value: pushes / seconds,
        baseline: rate,
        note: `${pushes} pushes for ${(rate * seconds).toLocaleString('en-US')} events`,
      }),
      makeRow({
        ...R.ceiling,
        value: appCeiling.ceiling,
        baseline: bareCeiling.ceiling,
        note: `steps of ${stepSeconds} s; app ${describeSteps(appCeiling.steps)}; bare ${describeSteps(bareCeiling.steps)}${topped ? '; the bare server passed every step: its ceiling is above the last, so the ratio is an upper bound' : ''}`,
      }),
    ];
  } finally {
    for (const page of pages) await page.close().catch(() => {});
    if (host !== null) await stopChild(host.child);
    await stopChild(sandbox.child);
    rmSync(dir, { recursive: true, force: true });
  }
}
