// One autocannon run in this process (the load generator), against a server in another process.
// Latencies are taken from autocannon's per-response timings (hrtime, float ms) rather than its
// histogram, whose 1 ms resolution would hide sub-millisecond answers; the run's duration is from
// the call to the last answer, not autocannon's own, which only ends on a whole-second tick.
import { Agent, request } from 'node:http';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { median, percentile, sleep, wallNow } from './stats';

export interface LoadResult {
  answered: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  /** runPaced: what each bad answer was (status code or error message) and how often, so a row can say. */
  bad?: Record<string, number>;
  timeouts: number;
  /** Answers per second over the whole run. */
  rps: number;
  durationMs: number;
  p50: number;
  p99: number;
}

export async function runLoad(
  url: string,
  requests: AutocannonRequest[],
  amount: number,
  connections: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok2xx = 0;
  let non2xx = 0;
  const started = wallNow();
  let lastAnswer = started;
  const result = await new Promise<import('autocannon').AutocannonResult>((resolve, reject) => {
    const options = { url, connections: Math.min(connections, amount), pipelining: 1, amount, timeout: 30, requests };
    const instance = autocannon(options, (error, res) => (error ? reject(error) : resolve(res)));
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      lastAnswer = wallNow();
      if (status >= 200 && status < 300) ok2xx += 1;
      else non2xx += 1;
    });
  });
  const durationMs = lastAnswer - started;
  return {
    answered: latencies.length,
    ok2xx,
    non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    rps: (latencies.length / durationMs) * 1000,
    durationMs,
    p50: median(latencies),
    p99: percentile(latencies, 99),
  };
}

/**
 * Requests sent at a steady `rate` per second (an open loop, as a service delivers: the next one
 * goes out on time whether or not the last was answered), over at most `connections` keep-alive
 * sockets. autocannon's own rate limit sends each second's quota in a burst at the start of the
 * second, which measures a saturated server again; this measures one that is not.
 */
/**
 * `onAnswer` hears each answer's send time and latency (ms), for figures per second. `sockets` is
 * the number of connections, or the connections of `withPacedSockets`, which a run after a warm-up
 * goes on using, as a service's sender keeps its connections through a steady stream.
 */
export async function runPaced(
  url: string,
  deliveries: { body: string; headers: Record<string, string> }[],
  rate: number,
  sockets: number | Agent,
  onAnswer?: (sentAt: number, ms: number) => void,
): Promise<LoadResult> {
  const agent = typeof sockets === 'number' ? pacedSockets(sockets) : sockets;
  const latencies: number[] = [];
  let ok2xx = 0;
  let non2xx = 0;
  let errors = 0;
  const bad: Record<string, number> = {};
  const note = (what: string) => (bad[what] = (bad[what] ?? 0) + 1);
  const started = wallNow();
  let lastAnswer = started;
  const answers: Promise<void>[] = [];
  const send = (delivery: { body: string; headers: Record<string, string> }) =>
    new Promise<void>((done) => {
      const t0 = wallNow();
      const req = request(
        url,
        { method: 'POST', agent, headers: { ...delivery.headers, 'content-length': Buffer.byteLength(delivery.body) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            lastAnswer = wallNow();
            latencies.push(lastAnswer - t0);
            onAnswer?.(t0, lastAnswer - t0);
            if ((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300) ok2xx += 1;
            else {
              non2xx += 1;
              note(`HTTP ${res.statusCode}`);
            }
            done();
          });
        },
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        errors += 1;
        note(error.code ?? error.message);
        done();
      });
      req.end(delivery.body);
    });
  let sent = 0;
  while (sent < deliveries.length) {
    // Everything due by now goes out; then sleep about a millisecond.
    const due = Math.min(deliveries.length, Math.floor(((wallNow() - started) * rate) / 1000) + 1);
    while (sent < due) answers.push(send(deliveries[sent++]));
    await sleep(1);
  }
  await Promise.all(answers);
  if (agent !== sockets) agent.destroy();
  const durationMs = lastAnswer - started;
  return {
    answered: latencies.length,
    ok2xx,
    non2xx,
    errors,
    bad,
    timeouts: 0,
    rps: (latencies.length / durationMs) * 1000,
    durationMs,
    p50: median(latencies),
    p99: percentile(latencies, 99),
  };
}

/** Keep-alive connections (at most `connections`) for one paced run. */
function pacedSockets(connections: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: connections });
}

/**
 * Runs `use` with keep-alive connections (at most `connections`) that its paced runs share, so a
 * run after a warm-up goes on with the warm-up's connections; closes them after.
 */
export async function withPacedSockets<T>(connections: number, use: (sockets: Agent) => Promise<T>): Promise<T> {
  const sockets = pacedSockets(connections);
  try {
    return await use(sockets);
  } finally {
    sockets.destroy();
  }
}
