// The headless host as a child process (`node --import tsx electron/host/cli.ts`), the way the log
// and whole-app sections run it: its pid is the process holding the log, so its RSS is the app's.
// The address the host prints carries a launch token that works once (host.ts): the bench trades
// it for the run's token (the cookie's value) at once, and hands out an address with that token,
// which every page load and WebSocket of the bench may use again.
import { NODE_TSX, type Started, startChild, stopChild } from './children';
import { BENCH_SECRET } from './envelopes';
import { HostClient } from './host-client';
import { sleep, wallNow } from './stats';

export interface RunningHost {
  child: Started['child'];
  pid: number;
  /** http://127.0.0.1:PORT/?token=<run token>: reusable. */
  url: string;
  listener: string;
  /** spawn → ready line → the host answered, ms. */
  startMs: number;
}

export interface HostChildOptions {
  /** --service-url (the embedded sandbox when left out). */
  serviceUrl?: string;
  env?: NodeJS.ProcessEnv;
  /** Preload bench/loop-probe.ts (the child writes per-second event-loop delay to env BENCH_LOOP_FILE). */
  probe?: boolean;
}

/** GETs the launch address until the host answers, and returns the run's token from the cookie it sets. */
export async function tradeLaunchToken(url: string, timeoutMs = 10_000): Promise<{ token: string; at: number }> {
  const end = wallNow() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url, { redirect: 'manual' });
      await response.arrayBuffer();
      const cookie = /venue-token-\d+=([^;]+)/.exec(response.headers.get('set-cookie') ?? '');
      if (cookie !== null) return { token: cookie[1], at: wallNow() };
      throw new Error(`the host answered ${response.status} without a session cookie`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('the host answered')) throw error;
      // Not listening yet.
    }
    if (wallNow() > end) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await sleep(10);
  }
}

export async function startHostOn(dataDir: string, options: HostChildOptions = {}): Promise<RunningHost> {
  const t0 = wallNow();
  const command = [
    ...NODE_TSX,
    ...(options.probe ? ['--import', './bench/loop-probe.ts'] : []),
    'electron/host/cli.ts',
    '--data-dir',
    dataDir,
  ];
  if (options.serviceUrl) command.push('--service-url', options.serviceUrl);
  const host = await startChild(command, /ready at (http:\/\/\S+)/, {
    t0,
    timeoutMs: 120_000,
    env: { VENUE_WEBHOOK_SECRET: BENCH_SECRET, ...options.env },
  });
  try {
    const { token, at } = await tradeLaunchToken(host.url);
    const url = new URL(host.url);
    url.searchParams.set('token', token);
    const client = await HostClient.connect(url.toString());
    const state = await client.call('getWebhookState');
    client.close();
    if (state.status.url === null) throw new Error(`the host's listener is not running: ${state.status.message}`);
    return {
      child: host.child,
      pid: host.child.pid!,
      url: url.toString(),
      listener: state.status.url,
      startMs: at - t0,
    };
  } catch (error) {
    await stopChild(host.child);
    throw error;
  }
}
