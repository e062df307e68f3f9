// 2. Event to screen: from the moment the bench asks the sandbox to send a webhook
// (POST /_sandbox/webhooks/trigger; the sandbox signs it and POSTs it to the listener right after
// answering) to the frame that paints its row in the Events screen, in headless Chromium against
// the headless host. The app runs in this process exactly as the e2e tests run it
// (test/e2e/fixtures.ts startApp: core + embedded sandbox + host); events are sent one at a time
// with a short random gap, so each is measured alone.
// Baseline, same browser and probe: a bare page that prepends a row when a bare WebSocket server in
// this process sends it a message; the floor of "Node says something → Chromium paints a row".
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { WebSocketServer } from 'ws';
import { startApp, stopApp } from '../test/e2e/fixtures';
import { addProbe, clockOffset, type ClockOffset, waitForRow } from './browser';
import { HARBOUR } from './envelopes';
import { makeRow, type Row, type RowTemplate } from './report';
import type { SectionContext } from './run';
import { percentile, sleep, wallNow } from './stats';

export const SCREEN_ROWS = {
  p50: {
    key: 'screen.p50',
    label: 'sandbox sends a webhook → its row is painted in the Events screen, median',
    unit: 'ms',
    baselineOf: 'bare WebSocket message → row prepended and painted in a bare page, same browser, median',
  },
  p95: {
    key: 'screen.p95',
    label: 'sandbox sends a webhook → its row is painted in the Events screen, p95',
    unit: 'ms',
    baselineOf: 'the bare page, p95',
    target: { on: 'value', op: '<', limit: 50 },
  },
  stored: {
    key: 'screen.stored_p95',
    label: 'part of it: sandbox sends → event durable in the log and pushed to the renderer (main side), p95',
    unit: 'ms',
    baselineOf: 'screen.p95 (share of the whole path)',
  },
} satisfies Record<string, RowTemplate>;

interface Sample {
  painted: number;
  dom: number;
  stored: number;
}

const BARE_PAGE = `<!doctype html><meta charset="utf-8"><title>bare</title>
<div data-testid="event-list" role="table" aria-label="Events"></div>
<script>
  const ws = new WebSocket('ws://' + location.host + '/ws');
  ws.onopen = () => document.title = 'open';
  ws.onmessage = (message) => {
    const { seq } = JSON.parse(message.data);
    const list = document.querySelector('[data-testid="event-list"]');
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.setAttribute('data-seq', String(seq));
    row.textContent = new Date().toLocaleTimeString() + ' ORDER_PLACED ' + seq;
    list.prepend(row);
    while (list.children.length > 30) list.lastChild.remove();
  };
</script>`;

function jitter(): Promise<void> {
  return sleep(20 + Math.random() * 30);
}

async function measureApp(
  context: SectionContext,
  count: number,
): Promise<{ samples: Sample[]; clock: ClockOffset[] }> {
  const app = await startApp();
  const storedAt = new Map<number, number>();
  let waiting: ((seq: number) => void) | null = null;
  const off = app.core.events.on('webhookEvents', ({ seqs }) => {
    const t = wallNow();
    for (const seq of seqs) {
      storedAt.set(seq, t);
      waiting?.(seq);
    }
  });
  const browser = await context.browser();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    await app.core.handlers.subscribeLocations([HARBOUR.locationUuid], 'integration');
    await addProbe(page);
    await page.goto(app.host.url);
    await page.getByTestId('status-bar').waitFor();
    await page.getByRole('navigation').getByRole('button', { name: 'Events', exact: true }).click();
    const clock = [await clockOffset(page)];
    const samples: Sample[] = [];
    for (let i = 0; i < count; i++) {
      const stored = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error('no event reached the log within 10 s of the trigger')),
          10_000,
        );
        waiting = (seq) => {
          clearTimeout(timer);
          waiting = null;
          resolve(seq);
        };
      });
      const sent = wallNow();
      const response = await fetch(`${app.sandboxUrl}/_sandbox/webhooks/trigger`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'ORDER_PLACED' }),
      });
      const answer = (await response.json()) as { deliveries?: unknown[] };
      if (!response.ok || (answer.deliveries?.length ?? 0) === 0)
        throw new Error(
          `the sandbox did not send the event (${response.status} ${JSON.stringify(answer).slice(0, 200)})`,
        );
      const seq = await stored;
      const seen = await waitForRow(page, seq);
      const offset = clock[0].offset;
      samples.push({
        painted: (seen.frame ?? Number.NaN) - offset - sent,
        dom: seen.dom - offset - sent,
        stored: storedAt.get(seq)! - sent,
      });
      await jitter();
    }
    clock.push(await clockOffset(page));
    return { samples, clock };
  } finally {
    off();
    await page.close();
    await stopApp(app);
  }
}

async function measureBare(
  context: SectionContext,
  count: number,
): Promise<{ samples: number[]; clock: ClockOffset[] }> {
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(BARE_PAGE);
  });
  const wss = new WebSocketServer({ server, path: '/ws' });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const connected = new Promise<import('ws').WebSocket>((resolve) => wss.once('connection', resolve));
  const browser = await context.browser();
  const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    await addProbe(page);
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const socket = await connected;
    await page.waitForFunction('document.title === "open"');
    const clock = [await clockOffset(page)];
    const samples: number[] = [];
    for (let seq = 1; seq <= count; seq++) {
      const sent = wallNow();
      socket.send(JSON.stringify({ seq }));
      const seen = await waitForRow(page, seq);
      samples.push((seen.frame ?? Number.NaN) - clock[0].offset - sent);
      await jitter();
    }
    clock.push(await clockOffset(page));
    return { samples, clock };
  } finally {
    await page.close();
    for (const client of wss.clients) client.terminate();
    wss.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

export async function benchScreen(context: SectionContext): Promise<Row[]> {
  const { events, warmup } = context.profile.screen;
  const bare = await measureBare(context, warmup + events);
  const app = await measureApp(context, warmup + events);
  const samples = app.samples.slice(warmup);
  const bareSamples = bare.samples.slice(warmup);
  const painted = samples.map((s) => s.painted);
  const clocks = [...app.clock, ...bare.clock];
  const clockNote = `clock offset page−node ${clocks.map((c) => c.offset.toFixed(2)).join('/')} ms, error ≤ ${Math.max(...clocks.map((c) => c.error)).toFixed(2)} ms`;
  context.log(
    `screen: app p50 ${percentile(painted, 50).toFixed(1)} p95 ${percentile(painted, 95).toFixed(1)} ms (DOM p95 ${percentile(
      samples.map((s) => s.dom),
      95,
    ).toFixed(
      1,
    )}); bare p50 ${percentile(bareSamples, 50).toFixed(1)} p95 ${percentile(bareSamples, 95).toFixed(1)} ms; ${clockNote}`,
  );
  const note = `${events} events after ${warmup} warm-up; ${clockNote}; DOM insertion p95 ${percentile(
    samples.map((s) => s.dom),
    95,
  ).toFixed(1)} ms`;
  return [
    makeRow({ ...SCREEN_ROWS.p50, value: percentile(painted, 50), baseline: percentile(bareSamples, 50), note }),
    makeRow({ ...SCREEN_ROWS.p95, value: percentile(painted, 95), baseline: percentile(bareSamples, 95) }),
    makeRow({
      ...SCREEN_ROWS.stored,
      value: percentile(
        samples.map((s) => s.stored),
        95,
      ),
      baseline: percentile(painted, 95),
    }),
  ];
}
