// 3. The event log at scale, in the real app: the headless host (core + embedded sandbox + listener
// + projections + host) runs as a child process (`node --import tsx electron/host/cli.ts`, so its
// pid is the process holding the log and its RSS is the app's alone). The bench fills the log over
// HTTP (signed distinct events, autocannon, 50 connections, no page or WebSocket client attached),
// asks for filtered pages over the host's WebSocket exactly as the renderer does (listEvents, 100
// rows), and drives the Events screen in Chromium, first with a small log (the baseline) and then
// full. Filter timings change the filter on every call (the log caches the matches of the last
// filter). The host is restarted on the small and on the full log to time start-up at scale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { rssMB, stopChild } from './children';
import { type RunningHost, startHostOn } from './host-child';
import { addProbe, type SeenRow, waitForRowSince } from './browser';
import { BENCH_TYPES, deliveryRequests, restartNumbering } from './envelopes';
import { HostClient } from './host-client';
import { runLoad } from './load';
import { coreStartMs } from './core-start';
import { makeRow, type Row, type RowTemplate } from './report';
import type { SectionContext } from './run';
import { median, sleep, wallNow } from './stats';

export const LOG_ROWS = {
  append: {
    key: 'log.append_rate',
    label: 'events/s appended over HTTP in the last chunk of the fill (log nearly full)',
    unit: 'events/s',
    baselineOf: 'the same in the first chunk (log nearly empty)',
  },
  rssAfter: {
    key: 'log.rss_after',
    label: 'host process RSS after filling the log to full, the filters and the Events screen',
    unit: 'MB',
    baselineOf: 'RSS of the same process started on the small log, before the fill',
  },
  rssGrowth: {
    key: 'log.rss_growth',
    label: 'host process RSS growth while the log fills from small to full: the lowest RSS in the idle time after it',
    unit: 'MB',
    baselineOf: 'RSS on the small log',
    target: { on: 'value', op: '<', limit: 100 },
  },
  filterType: {
    key: 'log.filter_type',
    label: 'listEvents({type}) over the host WebSocket, first 100 matches of the full log',
    unit: 'ms',
    baselineOf: 'listEvents({}) unfiltered, same path',
    target: { on: 'value', op: '<', limit: 50 },
  },
  filterText: {
    key: 'log.filter_text',
    label:
      'listEvents({text}) over the host WebSocket until the first page is complete (100 matches, or every match), full log',
    unit: 'ms',
    baselineOf: 'listEvents({}) unfiltered, same path',
    target: { on: 'value', op: '<', limit: 50 },
  },
  render: {
    key: 'log.screen_render',
    label: 'Events screen opened → first rows painted, full log',
    unit: 'ms',
    baselineOf: 'the same with the small log',
    target: { on: 'ratio', op: '<=', limit: 2 },
  },
  scroll: {
    key: 'log.screen_scroll_end',
    label: 'Events list scrolled to the end → oldest row painted, full log',
    unit: 'ms',
    baselineOf: 'the same with the small log',
    target: { on: 'ratio', op: '<=', limit: 2 },
  },
  domRows: {
    key: 'log.screen_dom_rows',
    label: 'rows in the DOM of the Events list, full log',
    unit: 'rows',
    baselineOf: 'the same with the small log',
    target: { on: 'ratio', op: '<=', limit: 1 },
  },
  restart: {
    key: 'log.restart',
    label: 'host process start-up (spawn → ready → answering) on the full log, tsx transpiling included',
    unit: 'ms',
    baselineOf: 'the same host started on the small log',
    target: { on: 'ratio', op: '<=', limit: 1.5 },
  },
  coreRestart: {
    key: 'log.core_restart',
    label:
      'core restart on the full log in process (createApp + start): log index from sidecars, projections from their checkpoint',
    unit: 'ms',
    baselineOf: 'the same on an empty data folder',
    target: { on: 'value', op: '<', limit: 1000 },
  },
  rssRestart: {
    key: 'log.rss_restart',
    label: 'host RSS right after that start-up on the full log',
    unit: 'MB',
    baselineOf: 'RSS after start-up on the small log',
  },
} satisfies Record<string, RowTemplate>;

interface ScreenFigures {
  render: number;
  scroll: number;
  domRows: number;
}

const TEXTS = ['lager', 'terrace', 'guest 42', 'rp-77', 'no-such-text', 'table 7', 'fries', 'rp-1234'];

async function timeCall(fn: () => Promise<unknown>): Promise<number> {
  const t0 = wallNow();
  await fn();
  return wallNow() - t0;
}

/**
 * A search as the inspector runs it: a call may answer with part of a page while older rows are
 * unsearched (`more`), and the screen asks again until the page is full or the search is done.
 * Returns the time to the complete first page, the calls it took and the longest one (the longest
 * the host's event loop was held by it).
 */
async function firstPage(
  client: HostClient,
  text: string,
): Promise<{ ms: number; calls: number; longest: number; total: number; more: boolean }> {
  const t0 = wallNow();
  let calls = 0;
  let longest = 0;
  for (;;) {
    const c0 = wallNow();
    const page = await client.call('listEvents', { text }, 0, 100);
    longest = Math.max(longest, wallNow() - c0);
    calls += 1;
    if (page.more !== true || page.rows.length >= 100 || calls >= 1000)
      return { ms: wallNow() - t0, calls, longest, total: page.total, more: page.more === true };
  }
}

/** Page-side: opens the Events screen, then scrolls its list to the end; times both to the painted frame. */
async function measureScreen(page: Page, hostUrl: string, oldestSeq: number, settleMs: number): Promise<ScreenFigures> {
  await page.goto(hostUrl);
  await page.getByTestId('status-bar').waitFor();
  await sleep(settleMs * 0.3);
  const clicked = (await page.evaluate(`(() => {
    const button = [...document.querySelectorAll('nav button')].find((b) => b.textContent.trim() === 'Events');
    const t = performance.timeOrigin + performance.now();
    button.click();
    return t;
  })()`)) as number;
  const first: SeenRow = await waitForRowSince(page, clicked);
  await sleep(settleMs * 0.5);
  const domRows = (await page.evaluate(
    `document.querySelectorAll('[data-testid="event-list"] [role="row"]').length`,
  )) as number;
  const scrolled = (await page.evaluate(`(() => {
    const list = document.querySelector('[data-testid="event-list"]');
    const t = performance.timeOrigin + performance.now();
    list.scrollTop = list.scrollHeight;
    return t;
  })()`)) as number;
  const last = await waitForRowSince(page, scrolled, oldestSeq);
  return { render: first.frame! - clicked, scroll: last.frame! - scrolled, domRows };
}

async function screenRuns(
  context: SectionContext,
  hostUrl: string,
  oldestSeq: number,
  reps: number,
): Promise<ScreenFigures[]> {
  const { settleMs } = context.profile.log;
  const browser = await context.browser();
  const out: ScreenFigures[] = [];
  for (let i = 0; i < reps; i++) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
    try {
      await addProbe(page);
      out.push(await measureScreen(page, hostUrl, oldestSeq, settleMs));
    } finally {
      await page.close();
    }
  }
  return out;
}

async function rssSettled(pid: number, settleMs: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 3; i++) {
    await sleep(settleMs * 0.3);
    samples.push(rssMB(pid));
  }
  return median(samples);
}

/**
 * The host's RSS once idle: the lowest of readings every 500 ms over `idleMs`. The heap trim and
 * V8's memory reducer give pages back some seconds into the quiet, at a moment that moves from run
 * to run (a series of 2026-11-28: 351, 287, 270 MB for 8 s, then 227 MB from 9 s on), so a single
 * reading at a fixed time lands before or after the drop and the row swung 54-155 MB on the same
 * code. An idle process's RSS does not fall below what its contents hold.
 */
async function rssIdleLow(pid: number, idleMs: number): Promise<number> {
  let low = rssMB(pid);
  for (let waited = 0; waited < idleMs; waited += 500) {
    await sleep(500);
    low = Math.min(low, rssMB(pid));
  }
  return low;
}

async function fill(listener: string, count: number) {
  const { requests } = deliveryRequests(new URL(listener).pathname, count);
  const result = await runLoad(listener, requests, count, 50);
  if (result.ok2xx !== count)
    throw new Error(`filling the log: ${count - result.ok2xx} of ${count} deliveries were not answered 2xx`);
  return result;
}

async function oldestSeq(client: HostClient): Promise<number> {
  const { total } = await client.call('listEvents', {}, 0, 1);
  return (await client.call('listEvents', {}, total - 1, 1)).rows[0].seq;
}

export async function benchLogScale(context: SectionContext): Promise<Row[]> {
  const { small, total, chunks, filterReps, renderReps, restarts, settleMs, idleMs } = context.profile.log;
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-bench-log-'));
  let host: RunningHost | null = null;
  restartNumbering();
  try {
    // First start on an empty folder (seeds the demo roster), the small log, then a restart: the
    // start-up with the small log is the baseline of the start-up with the full one.
    host = await startHostOn(dataDir);
    await fill(host.listener, small);
    const smallStarts: number[] = [];
    for (let i = 0; i < restarts; i++) {
      await stopChild(host.child);
      host = await startHostOn(dataDir);
      smallStarts.push(host.startMs);
    }
    const restartSmall = median(smallStarts);
    const { pid } = host;
    await sleep(settleMs);
    const rssBefore = await rssSettled(pid, settleMs);

    let client = await HostClient.connect(host.url);
    const smallScreen = await screenRuns(context, host.url, await oldestSeq(client), renderReps);
    client.close();
    context.log(
      `log: small log (${small}) start ${restartSmall.toFixed(0)} ms, RSS ${rssBefore.toFixed(0)} MB, render ${median(smallScreen.map((s) => s.render)).toFixed(1)} ms, scroll ${median(smallScreen.map((s) => s.scroll)).toFixed(1)} ms, ${smallScreen[0].domRows} DOM rows`,
    );

    const rates: number[] = [];
    const per = Math.ceil((total - small) / chunks);
    let peak = rssMB(pid);
    const fillStarted = wallNow();
    for (let filled = small; filled < total; filled += per) {
      const result = await fill(host.listener, Math.min(per, total - filled));
      rates.push(result.rps);
      peak = Math.max(peak, rssMB(pid));
    }
    const fillSeconds = (wallNow() - fillStarted) / 1000;
    context.log(
      `log: filled to ${total} in ${fillSeconds.toFixed(1)} s, chunk rates ${rates.map((r) => Math.round(r)).join(', ')} events/s, RSS ${rssMB(pid).toFixed(0)} MB`,
    );

    client = await HostClient.connect(host.url);
    const { total: stored } = await client.call('listEvents', {}, 0, 1);
    if (stored !== total) throw new Error(`the log holds ${stored} events, expected ${total}`);
    const plain: number[] = [];
    const byType: number[] = [];
    const byText: number[] = [];
    const textNotes: string[] = [];
    for (let i = 0; i < filterReps; i++) {
      plain.push(await timeCall(() => client.call('listEvents', {}, 0, 100)));
      // A different filter every call: the log caches the matches of the last one.
      byType.push(
        await timeCall(() => client.call('listEvents', { type: BENCH_TYPES[i % BENCH_TYPES.length] }, 0, 100)),
      );
      const text = TEXTS[i % TEXTS.length];
      const found = await firstPage(client, text);
      byText.push(found.ms);
      textNotes.push(
        `"${text}" ${found.ms.toFixed(0)} ms in ${found.calls} call(s), longest ${found.longest.toFixed(0)} ms, ${found.total}${found.more ? '+' : ''} found`,
      );
    }
    context.log(
      `log: listEvents at ${total}: plain ${median(plain).toFixed(1)} ms, type ${median(byType).toFixed(1)} ms, text ${median(byText).toFixed(1)} ms (${textNotes.join('; ')})`,
    );
    const bigScreen = await screenRuns(context, host.url, await oldestSeq(client), renderReps);
    client.close();
    const rssAfter = await rssSettled(pid, settleMs);
    peak = Math.max(peak, rssAfter);
    // What the log's contents hold, rather than the garbage of the last calls: the host gives its
    // grown heap back after a few seconds of quiet (electron/core/heap-trim.ts), as it does for a
    // venue after a rush. The reading right after the calls stays in log.rss_after.
    const rssIdle = await rssIdleLow(pid, idleMs);
    context.log(
      `log: full log render ${median(bigScreen.map((s) => s.render)).toFixed(1)} ms, scroll ${median(bigScreen.map((s) => s.scroll)).toFixed(1)} ms, ${bigScreen[0].domRows} DOM rows, RSS ${rssAfter.toFixed(0)} MB`,
    );

    const fullStarts: number[] = [];
    for (let i = 0; i < restarts; i++) {
      await stopChild(host.child);
      host = await startHostOn(dataDir);
      fullStarts.push(host.startMs);
    }
    const restartFull = median(fullStarts);
    const rssRestart = await rssSettled(host.pid, settleMs);
    context.log(`log: restart with the full log ${restartFull.toFixed(0)} ms, RSS ${rssRestart.toFixed(0)} MB`);
    // The same folder started in this process (the host child must be gone: one process per folder).
    await stopChild(host.child);
    host = null;
    const coreStarts: number[] = [];
    for (let i = 0; i < restarts; i++) coreStarts.push(await coreStartMs(dataDir));
    const emptyDir = mkdtempSync(join(tmpdir(), 'venue-bench-empty-'));
    const coreEmpty = await coreStartMs(emptyDir).finally(() => rmSync(emptyDir, { recursive: true, force: true }));
    context.log(
      `log: core restart in process ${median(coreStarts).toFixed(0)} ms (empty folder ${coreEmpty.toFixed(0)} ms)`,
    );

    const R = LOG_ROWS;
    const pick = (runs: ScreenFigures[], f: (s: ScreenFigures) => number) => runs.map(f);
    const sizes = `full = ${total.toLocaleString('en-US')} events, small = ${small.toLocaleString('en-US')}`;
    return [
      makeRow({
        ...R.append,
        value: rates[rates.length - 1],
        baseline: rates[0],
        runs: rates,
        note: `${(total - small).toLocaleString('en-US')} events in ${chunks} chunks, ${fillSeconds.toFixed(1)} s in all`,
      }),
      makeRow({ ...R.rssAfter, value: rssAfter, baseline: rssBefore, note: `peak seen ${peak.toFixed(0)} MB` }),
      makeRow({
        ...R.rssGrowth,
        value: rssIdle - rssBefore,
        baseline: rssBefore,
        note: `${rssBefore.toFixed(0)} → ${rssIdle.toFixed(0)} MB, the lowest in ${(idleMs / 1000).toFixed(0)} s idle after the last call; ${rssAfter.toFixed(0)} MB right after it (log.rss_after)`,
      }),
      makeRow({ ...R.filterType, value: median(byType), baseline: median(plain), runs: byType, note: sizes }),
      makeRow({
        ...R.filterText,
        value: median(byText),
        baseline: median(plain),
        runs: byText,
        note: textNotes.join('; '),
      }),
      makeRow({
        ...R.render,
        value: median(pick(bigScreen, (s) => s.render)),
        baseline: median(pick(smallScreen, (s) => s.render)),
        runs: pick(bigScreen, (s) => s.render),
        note: sizes,
      }),
      makeRow({
        ...R.scroll,
        value: median(pick(bigScreen, (s) => s.scroll)),
        baseline: median(pick(smallScreen, (s) => s.scroll)),
        runs: pick(bigScreen, (s) => s.scroll),
      }),
      makeRow({
        ...R.domRows,
        value: Math.max(...pick(bigScreen, (s) => s.domRows)),
        baseline: Math.max(...pick(smallScreen, (s) => s.domRows)),
      }),
      makeRow({
        ...R.restart,
        value: restartFull,
        baseline: restartSmall,
        runs: fullStarts,
        note: `${restarts} start(s) each; ${sizes}`,
      }),
      makeRow({ ...R.rssRestart, value: rssRestart, baseline: rssBefore }),
      makeRow({ ...R.coreRestart, value: median(coreStarts), baseline: coreEmpty, runs: coreStarts, note: sizes }),
    ];
  } finally {
    if (host !== null) await stopChild(host.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
