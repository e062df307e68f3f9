// 3. The event log at scale, in the real app: the headless host (core + embedded sandbox + listener
// + host) runs as a child process (`node --import tsx electron/host/cli.ts`, so its pid is the
// process holding the log and its RSS is the app's alone). The bench fills the log over HTTP
// (signed distinct events, autocannon, 50 connections, no page or WebSocket client attached), asks
// for filtered pages over the host's WebSocket exactly as the renderer does (listEvents, 100 rows),
// and drives the Events screen in Chromium, first with a small log (the baseline) and then full.
// Filter timings change the filter on every call (the log caches the matches of the last filter).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { NODE_TSX, rssMB, startChild, stopChild } from './children';
import { addProbe, pageNow, type SeenRow, waitForRowSince } from './browser';
import { BENCH_SECRET, BENCH_TYPES, deliveryRequests } from './envelopes';
import { HostClient } from './host-client';
import { runLoad } from './load';
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
    label: 'host process RSS with the full log, after the filters and the Events screen',
    unit: 'MB',
    baselineOf: 'RSS of the same process with an empty log, after start-up',
  },
  rssGrowth: {
    key: 'log.rss_growth',
    label: 'host process RSS growth from an empty log to the full log',
    unit: 'MB',
    baselineOf: 'RSS with the empty log',
    target: { on: 'value', op: '<', limit: 150 },
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
    label: 'listEvents({text}) over the host WebSocket, first 100 matches of the full log',
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
  const domRows = (await page.evaluate(`document.querySelectorAll('[data-testid="event-list"] [role="row"]').length`)) as number;
  const scrolled = (await page.evaluate(`(() => {
    const list = document.querySelector('[data-testid="event-list"]');
    const t = performance.timeOrigin + performance.now();
    list.scrollTop = list.scrollHeight;
    return t;
  })()`)) as number;
  const last = await waitForRowSince(page, scrolled, oldestSeq);
  return { render: first.frame! - clicked, scroll: last.frame! - scrolled, domRows };
}

async function screenRuns(context: SectionContext, hostUrl: string, oldestSeq: number, reps: number): Promise<ScreenFigures[]> {
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

export async function benchLogScale(context: SectionContext): Promise<Row[]> {
  const { small, total, chunks, filterReps, renderReps, settleMs } = context.profile.log;
  const dataDir = mkdtempSync(join(tmpdir(), 'venue-bench-log-'));
  const host = await startChild([...NODE_TSX, 'electron/host/cli.ts', '--data-dir', dataDir, '--webhook-secret', BENCH_SECRET], /ready at (http:\/\/\S+)/);
  const pid = host.child.pid!;
  try {
    let client = await HostClient.connect(host.url);
    const state = await client.call('getWebhookState');
    const listener = state.status.url;
    if (listener === null) throw new Error(`the host's listener is not running: ${state.status.message}`);
    client.close();
    await sleep(settleMs);
    const rssBefore = await rssSettled(pid, settleMs);
    const fill = async (count: number) => {
      const { requests } = deliveryRequests(new URL(listener).pathname, count);
      const result = await runLoad(listener, requests, count, 50);
      if (result.ok2xx !== count) throw new Error(`filling the log: ${count - result.ok2xx} of ${count} deliveries were not answered 2xx`);
      return result;
    };

    await fill(small);
    client = await HostClient.connect(host.url);
    const oldest = async () => {
      const { total: n } = await client.call('listEvents', {}, 0, 1);
      return (await client.call('listEvents', {}, n - 1, 1)).rows[0].seq;
    };
    const smallScreen = await screenRuns(context, host.url, await oldest(), renderReps);
    client.close();
    context.log(`log: small log (${small}) render ${median(smallScreen.map((s) => s.render)).toFixed(1)} ms, scroll ${median(smallScreen.map((s) => s.scroll)).toFixed(1)} ms, ${smallScreen[0].domRows} DOM rows`);

    const rates: number[] = [];
    const per = Math.ceil((total - small) / chunks);
    let peak = rssMB(pid);
    const fillStarted = wallNow();
    for (let filled = small; filled < total; filled += per) {
      const result = await fill(Math.min(per, total - filled));
      rates.push(result.rps);
      peak = Math.max(peak, rssMB(pid));
    }
    const fillSeconds = (wallNow() - fillStarted) / 1000;
    context.log(`log: filled to ${total} in ${fillSeconds.toFixed(1)} s, chunk rates ${rates.map((r) => Math.round(r)).join(', ')} events/s, RSS ${rssMB(pid).toFixed(0)} MB`);

    client = await HostClient.connect(host.url);
    const { total: stored } = await client.call('listEvents', {}, 0, 1);
    if (stored !== total) throw new Error(`the log holds ${stored} events, expected ${total}`);
    const plain: number[] = [];
    const byType: number[] = [];
    const byText: number[] = [];
    for (let i = 0; i < filterReps; i++) {
      plain.push(await timeCall(() => client.call('listEvents', {}, 0, 100)));
      // A different filter every call: the log caches the matches of the last one.
      byType.push(await timeCall(() => client.call('listEvents', { type: BENCH_TYPES[i % BENCH_TYPES.length] }, 0, 100)));
      byText.push(await timeCall(() => client.call('listEvents', { text: TEXTS[i % TEXTS.length] }, 0, 100)));
    }
    context.log(`log: listEvents at ${total}: plain ${median(plain).toFixed(1)} ms, type ${median(byType).toFixed(1)} ms, text ${median(byText).toFixed(1)} ms`);
    const bigScreen = await screenRuns(context, host.url, await oldest(), renderReps);
    client.close();
    context.log(`log: full log render ${median(bigScreen.map((s) => s.render)).toFixed(1)} ms, scroll ${median(bigScreen.map((s) => s.scroll)).toFixed(1)} ms, ${bigScreen[0].domRows} DOM rows`);
    const rssAfter = await rssSettled(pid, settleMs);
    peak = Math.max(peak, rssAfter);

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
      makeRow({ ...R.rssGrowth, value: rssAfter - rssBefore, baseline: rssBefore }),
      makeRow({ ...R.filterType, value: median(byType), baseline: median(plain), runs: byType, note: sizes }),
      makeRow({ ...R.filterText, value: median(byText), baseline: median(plain), runs: byText }),
      makeRow({ ...R.render, value: median(pick(bigScreen, (s) => s.render)), baseline: median(pick(smallScreen, (s) => s.render)), runs: pick(bigScreen, (s) => s.render), note: sizes }),
      makeRow({ ...R.scroll, value: median(pick(bigScreen, (s) => s.scroll)), baseline: median(pick(smallScreen, (s) => s.scroll)), runs: pick(bigScreen, (s) => s.scroll) }),
      makeRow({ ...R.domRows, value: Math.max(...pick(bigScreen, (s) => s.domRows)), baseline: Math.max(...pick(smallScreen, (s) => s.domRows)) }),
    ];
  } finally {
    await stopChild(host.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
