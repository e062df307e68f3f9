// One autocannon run in this process (the load generator), against a server in another process.
// Latencies are taken from autocannon's per-response timings (hrtime, float ms) rather than its
// histogram, whose 1 ms resolution would hide sub-millisecond answers; the run's duration is from
// the call to the last answer, not autocannon's own, which only ends on a whole-second tick.
import autocannon, { type AutocannonRequest } from 'autocannon';
import { median, percentile, wallNow } from './stats';

export interface LoadResult {
  answered: number;
  ok2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Answers per second over the whole run. */
  rps: number;
  durationMs: number;
  p50: number;
  p99: number;
}

export async function runLoad(url: string, requests: AutocannonRequest[], amount: number, connections: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let ok2xx = 0;
  let non2xx = 0;
  const started = wallNow();
  let lastAnswer = started;
  const result = await new Promise<import('autocannon').AutocannonResult>((resolve, reject) => {
    const instance = autocannon({ url, connections: Math.min(connections, amount), pipelining: 1, amount, timeout: 30, requests }, (error, res) => (error ? reject(error) : resolve(res)));
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
