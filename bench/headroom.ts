// Headroom: the highest steady rate a receiver takes with every answer 2xx, p99 under a line, and
// the rate actually reached (within 5 %: the sender in this process is a limit too). Paced runs
// (runPaced, an open loop as a service sends) over at most 50 keep-alive connections: the rate
// doubles from `start` until a run fails or `max` passes, then `bisections` halvings of the gap
// between the last pass and the first failure narrow it. A warm-up at the first rate comes first
// and is not judged, and its connections stay open for the runs, as a sender keeps them.
// Each rate is sent `tries` times and judged by the median of their p99s (every answer 2xx and the
// rate reached in each): one disk stall decides a single short run's p99 near the top (one sync
// stall of 50 ms is the slowest 1 % at 8 000/s), so a single run makes the search a coin toss
// between two receivers that both stay under the line most of the time.
import { type CeilingStep, describeSteps } from './app-ceiling';
import { prepareDeliveries } from './envelopes';
import { runPaced, withPacedSockets } from './load';
import { median } from './stats';

export interface HeadroomPlan {
  start: number;
  max: number;
  stepSeconds: number;
  warmupSeconds: number;
  bisections: number;
  /** Runs per rate, judged by their median p99 (1: a single run). */
  tries: number;
  p99Limit: number;
}

export async function findHeadroom(
  url: string,
  plan: HeadroomPlan,
): Promise<{ rate: number; steps: CeilingStep[]; text: string }> {
  const steps: CeilingStep[] = [];
  return withPacedSockets(50, async (sockets) => {
    const tryRate = async (rate: number) => {
      const results = [];
      for (let i = 0; i < Math.max(1, plan.tries); i++)
        results.push(await runPaced(url, prepareDeliveries(Math.round(rate * plan.stepSeconds)), rate, sockets));
      const bad = results.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
      const p99 = median(results.map((r) => r.p99));
      const achieved = Math.min(...results.map((r) => r.rps));
      const passed = bad === 0 && p99 < plan.p99Limit && achieved >= rate * 0.95;
      const kinds = new Map<string, number>();
      for (const r of results)
        for (const [what, n] of Object.entries(r.bad ?? {})) kinds.set(what, (kinds.get(what) ?? 0) + n);
      const why = [...kinds].map(([what, n]) => `${n}× ${what}`).join(', ');
      steps.push({ rate, achieved, p99, bad, passed, ...(why ? { why } : {}) });
      return passed;
    };
    if (plan.warmupSeconds > 0)
      await runPaced(url, prepareDeliveries(Math.round(plan.start * plan.warmupSeconds)), plan.start, sockets);
    let passed = 0;
    let failed: number | null = null;
    for (let rate = plan.start; rate <= plan.max; rate *= 2) {
      if (!(await tryRate(rate))) {
        failed = rate;
        break;
      }
      passed = rate;
    }
    for (let i = 0; i < plan.bisections && failed !== null; i++) {
      const mid = Math.round((passed + failed) / 2 / 50) * 50;
      if (mid <= passed || mid >= failed) break;
      if (await tryRate(mid)) passed = mid;
      else failed = mid;
    }
    return { rate: passed, steps, text: describeSteps(steps) };
  });
}
