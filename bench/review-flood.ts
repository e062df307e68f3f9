// Section 8: the hub's review queue under a flood. A hub (`node out/main/host.js --hub`, loopback
// only, its own process) with its screen's bridge open; a kiosk paired over TLS and revoked, whose
// credential then hands over punches the hub refuses (nobody by that id is on the roster): full
// 10 000 in batches of 100, spread over 30 s (a steady sender, three times the pace of the 3 200 a
// minute the issue measured), up to four batches in flight. All along, the screen asks the hub for
// its Devices list and its board (`hubView`, `laborView`, alternately, every 25 ms), each timed
// from send to answer. Rows:
//   - the slowest of those answers during the flood (target under 250 ms), against the same
//     requests before it (the figure before the bounds: 2.5 s at 3 200 refusals a minute);
//   - the review's files on disk after it (punch-review.json and its log), against the same files
//     before it.
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SectionContext } from './run';
import { stopChild } from './children';
import { allowWhenAsked, reusableUrl, screenBridge, startBenchHub, type ScreenBridge } from './hub';
import { freeLoopbackPort as freePort } from '../electron/core/group/free-loopback-port';
import { makeRow, type Row, type RowTemplate } from './report';
import { percentile, sleep } from './stats';
import { pairWithHub, postJson } from '../electron/core/hub/hub-client';
import { DEMO_PINS } from '../electron/core/labor/demo-roster';
import type { HubView } from '../shared/hub';
import type { LocationChoice, StaffSession } from '../shared/labor';

export const REVIEW_ROWS = {
  screen: {
    key: 'review.flood_screen_max',
    label:
      "the hub's screen during 10 000 refused hand-over punches from a revoked kiosk: `hubView` / `laborView` over its bridge, slowest answer",
    unit: 'ms',
    baselineOf: 'the same requests before the flood, slowest answer',
    target: { on: 'value', op: '<', limit: 250 },
  },
  file: {
    key: 'review.flood_file_kb',
    label: 'the review queue on disk after the flood (punch-review.json and punch-review.log)',
    unit: 'KB',
    baselineOf: 'the same files before the flood',
  },
} satisfies Record<string, RowTemplate>;

const BATCH = 100;
const IN_FLIGHT = 4;
const PROBE_EVERY_MS = 25;
/** Punches handed over, and over how long. */
const FLOOD = {
  full: { punches: 10_000, seconds: 30 },
  quick: { punches: 2_000, seconds: 5 },
  smoke: { punches: 400, seconds: 1 },
} as const;

/** Times `hubView` and `laborView` on the screen's bridge, one after the other, until stopped. */
function probe(screen: ScreenBridge, token: string): { stop(): Promise<number[]> } {
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    for (let n = 0; running; n++) {
      const t0 = performance.now();
      await (n % 2 === 0 ? screen.call<HubView>('hubView', token) : screen.call('laborView'));
      times.push(performance.now() - t0);
      await sleep(PROBE_EVERY_MS);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await done;
      return times;
    },
  };
}

function reviewKB(hubDir: string): number {
  const bytes = ['punch-review.json', 'punch-review.log']
    .map((f) => join(hubDir, 'hub', f))
    .reduce((sum, path) => sum + (existsSync(path) ? statSync(path).size : 0), 0);
  return bytes / 1024;
}

export async function benchReviewFlood(context: SectionContext): Promise<Row[]> {
  const { profile, log } = context;
  const { punches: total, seconds } = FLOOD[profile.mode];
  const spacing = (seconds * 1000) / Math.ceil(total / BATCH);
  const root = mkdtempSync(join(tmpdir(), 'venue-bench-review-'));
  const hubDir = join(root, 'hub');
  const hubPort = await freePort();
  const hub = await startBenchHub(hubDir, hubPort);
  const cleanups: (() => Promise<void> | void)[] = [
    () => rmSync(root, { recursive: true, force: true }),
    () => stopChild(hub.child),
  ];
  try {
    const screen = await screenBridge(await reusableUrl(hub.url));
    cleanups.unshift(() => screen.close());
    // The practice venue seeds the roster (manager PIN 9999) once it is connected.
    let manager: StaffSession | null = null;
    for (let i = 0; i < 600 && !manager; i++)
      manager = await screen.call<StaffSession>('laborIdentify', { pin: DEMO_PINS['2001'] }).catch(() => null);
    if (!manager) throw new Error('the hub never let its manager in');
    const [location] = await screen.call<LocationChoice[]>('laborLocations');
    await screen.call('laborSetLocation', null, location);

    const view = await screen.call<HubView>('hubOpenPairing', manager.token, 'kiosk');
    // It asks with the code and waits for the manager, who allows it on the Devices tab's channel.
    const [kiosk] = await Promise.all([
      pairWithHub({ url: `127.0.0.1:${hubPort}`, code: view.pairing!.code, name: 'Bench door' }),
      allowWhenAsked(screen, manager.token, 'Bench door'),
    ]);
    await screen.call('hubRevokeDevice', manager.token, kiosk.deviceId);

    const before = probe(screen, manager.token);
    await sleep(profile.mode === 'smoke' ? 500 : 3_000);
    const baseline = await before.stop();
    const fileBefore = reviewKB(hubDir);

    const during = probe(screen, manager.token);
    const answers = { refused: 0, limited: 0, other: 0 };
    let next = 0;
    let batches = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < total) {
          const count = Math.min(BATCH, total - next);
          next += count;
          const due = t0 + batches++ * spacing;
          if (performance.now() < due) await sleep(due - performance.now());
          const punches = Array.from({ length: count }, () => ({
            punchId: crypto.randomUUID(),
            userId: 'nobody',
            action: 'punch-in',
            capturedAt: Date.now(),
            offline: true,
          }));
          // A hub that does not answer in time is counted, not fatal: the screen's figure says the rest.
          const answer = await postJson(kiosk, '/handover', { punches }, kiosk.credential).catch(() => null);
          const reply = answer?.body as
            { ok?: boolean; result?: { outcome: { status: string } }[]; error?: { kind: string } } | undefined;
          if (reply?.ok) answers.refused += reply.result!.filter((r) => r.outcome.status === 'refused').length;
          else if (reply?.error?.kind === 'rate-limited') answers.limited++;
          else answers.other++;
        }
      }),
    );
    const floodMs = performance.now() - t0;
    const flood = await during.stop();
    const fileAfter = reviewKB(hubDir);
    log(
      `review: ${total} hand-over punches in ${(floodMs / 1000).toFixed(1)} s: ${answers.refused} refused and kept, ${answers.limited} batches told to wait, ${answers.other} unanswered or failed; screen slowest ${Math.max(...flood).toFixed(0)} ms (p95 ${percentile(flood, 95).toFixed(0)}) vs ${Math.max(...baseline).toFixed(0)} ms before; review files ${fileAfter.toFixed(0)} KB`,
    );
    if (answers.other > 0)
      throw new Error(`${answers.other} hand-over batches were answered neither refused nor "wait"`);
    return [
      makeRow({
        ...REVIEW_ROWS.screen,
        value: Math.max(...flood),
        baseline: Math.max(...baseline),
        runs: flood,
        note: `${flood.length} requests during ${(floodMs / 1000).toFixed(1)} s of flood, p95 ${percentile(flood, 95).toFixed(1)} ms; ${answers.refused} refused and kept, ${answers.limited} batches told to wait, ${answers.other} unanswered or failed`,
      }),
      makeRow({
        ...REVIEW_ROWS.file,
        value: fileAfter,
        baseline: fileBefore,
        ratio: null,
        note: `${total} punches handed over`,
      }),
    ];
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}
