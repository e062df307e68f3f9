// Headroom: the highest steady rate a receiver takes with every answer 2xx, p99 under a line, and
// the rate actually reached (within 5 %: the sender in this process is a limit too). Paced runs
// (runPaced, an open loop as a service sends) over at most 50 keep-alive connections: the rate
// doubles from `start` until a run fails or `max` passes, then `bisections` halvings of the gap
// between the last pass and the first failure narrow it. A warm-up at the first rate comes first
// and is not judged, and its connections stay open for the runs, as a sender keeps them.
import { type CeilingStep, describeSteps } from './app-ceiling';
import { prepareDeliveries } from './envelopes';
import { runPaced, withPacedSockets } from './load';

export interface HeadroomPlan {
  start: number;
  max: number;
  stepSeconds: number;
  warmupSeconds: number;
  bisections: number;
  p99Limit: number;
}

export async function findHeadroom(
  url: string,
  plan: HeadroomPlan,
): Promise<{ rate: number; steps: CeilingStep[]; text: string }> {
  const steps: CeilingStep[] = [];
  return withPacedSockets(50, async (sockets) => {
    const tryRate = async (rate: number) => {
      const result = await runPaced(url, prepareDeliveries(Math.round(rate * plan.stepSeconds)), rate, sockets);
      const bad = result.non2xx + result.errors + result.timeouts;
      const passed = bad === 0 && result.p99 < plan.p99Limit && result.rps >= rate * 0.95;
      steps.push({ rate, achieved: result.rps, p99: result.p99, bad, passed });
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
