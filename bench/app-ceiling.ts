// The highest steady rate a server takes: paced runs (runPaced, an open loop as a service sends) at
// rising rates, each passing with 0 non-2xx, p99 < 100 ms and the rate actually reached (within
// 5 %: the sender in this process is a limit too). The first failing step ends the climb; the
// ceiling is the last step that passed (0 when none did). A warm-up at the first step's rate comes
// first and is not judged: the climb is about steady rates, and a server that sat idle for a minute
// answers its first seconds slower (the disk's first syncs, a heap full of old garbage), which the
// soak's warm-up already leaves out of its own row. The warm-up's connections stay open for the
// steps, as a service's sender keeps them through a steady stream: a step that opened fifty new
// ones was judged by its first 250 ms (p99 60-140 ms there, against 10-40 ms after).
import { prepareDeliveries } from './envelopes';
import { runPaced, withPacedSockets } from './load';

export interface CeilingStep {
  rate: number;
  achieved: number;
  p99: number;
  bad: number;
  /** What the bad answers were (HTTP status or error code, with counts), when any. */
  why?: string;
  passed: boolean;
}

export async function findCeiling(
  url: string,
  steps: readonly number[],
  stepSeconds: number,
  warmupSeconds = 0,
): Promise<{ ceiling: number; steps: CeilingStep[] }> {
  const out: CeilingStep[] = [];
  let ceiling = 0;
  await withPacedSockets(50, async (sockets) => {
    if (warmupSeconds > 0 && steps.length > 0)
      await runPaced(url, prepareDeliveries(Math.round(steps[0] * warmupSeconds)), steps[0], sockets);
    for (const rate of steps) {
      const result = await runPaced(url, prepareDeliveries(Math.round(rate * stepSeconds)), rate, sockets);
      const bad = result.non2xx + result.errors + result.timeouts;
      const passed = bad === 0 && result.p99 < 100 && result.rps >= rate * 0.95;
      out.push({ rate, achieved: result.rps, p99: result.p99, bad, passed });
      if (!passed) break;
      ceiling = rate;
    }
  });
  return { ceiling, steps: out };
}

export function describeSteps(steps: CeilingStep[]): string {
  return steps
    .map(
      (s) =>
        `${s.rate}/s→${Math.round(s.achieved)}/s p99 ${s.p99.toFixed(1)} ms${s.bad ? ` ${s.bad} bad${s.why ? ` (${s.why})` : ''}` : ''}${s.passed ? '' : ' ✗'}`,
    )
    .join(', ');
}
