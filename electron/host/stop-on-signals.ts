// How the headless roots stop on SIGTERM or SIGINT. Each step of the stop is given a bound, and the
// whole stop one more: a step that waits on something that never settles (a sender that never
// finishes its body, a leaf node that does not exit) must not leave a process that ignores the
// signal. A second signal ends the process at once. Nothing acknowledged is lost by exiting early:
// a webhook is answered only once its record is on disk, and every other store writes before it
// answers.

/** The whole stop's bound when VENUE_STOP_BOUND_MS does not give one. */
export const DEFAULT_STOP_BOUND_MS = 10_000;

export interface StopStep {
  name: string;
  run: () => Promise<void> | void;
}

export interface StopOnSignalsOptions {
  /** The stop's steps, run in order; each is given up on after `stepBoundMs`. */
  steps: StopStep[];
  /** The whole stop's bound: past it the process exits with code 1. */
  boundMs: number;
  /** One step's bound (default: the whole bound). */
  stepBoundMs?: number;
  log: (line: string) => void;
  exit: (code: number) => void;
  /** Where the signals come from (the process; tests give their own). */
  signals?: Pick<NodeJS.Process, 'on'>;
}

const SIGNAL_CODES: Record<'SIGINT' | 'SIGTERM', number> = { SIGINT: 130, SIGTERM: 143 };

/** The bound from VENUE_STOP_BOUND_MS (milliseconds), or the default when absent or not a number. */
export function stopBoundFromEnv(env: NodeJS.ProcessEnv): number {
  const given = Number(env.VENUE_STOP_BOUND_MS);
  return Number.isFinite(given) && given > 0 ? given : DEFAULT_STOP_BOUND_MS;
}

export function stopOnSignals(options: StopOnSignalsOptions): void {
  const { steps, boundMs, log } = options;
  const stepBoundMs = Math.min(options.stepBoundMs ?? boundMs, boundMs);
  let stopping = false;
  let current = '';
  let exited = false;
  // In a real process the first exit ends it; with a test's exit, only the first one counts.
  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    options.exit(code);
  };
  const onSignal = (signal: 'SIGINT' | 'SIGTERM') => {
    if (stopping) {
      log(`${signal} again while stopping (at "${current}"): exiting now.`);
      return exit(SIGNAL_CODES[signal]);
    }
    stopping = true;
    log(`Stopping (${signal}); a second ${signal} ends the process at once.`);
    const deadline = setTimeout(() => {
      log(`The stop did not finish within ${boundMs} ms (at "${current}"): exiting now.`);
      exit(1);
    }, boundMs);
    void (async () => {
      for (const step of steps) {
        current = step.name;
        const outcome = await within(step.run, stepBoundMs);
        if (outcome === 'timed-out') log(`Stop step "${step.name}" did not finish within ${stepBoundMs} ms; going on.`);
        else if (outcome !== 'done') log(`Stop step "${step.name}" failed: ${outcome.message}; going on.`);
      }
      clearTimeout(deadline);
      exit(0);
    })();
  };
  const source = options.signals ?? process;
  source.on('SIGINT', () => onSignal('SIGINT'));
  source.on('SIGTERM', () => onSignal('SIGTERM'));
}

async function within(run: () => Promise<void> | void, ms: number): Promise<'done' | 'timed-out' | Error> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      Promise.resolve()
        .then(run)
        .then(() => 'done' as const),
      new Promise<'timed-out'>((resolve) => (timer = setTimeout(() => resolve('timed-out'), ms))),
    ]);
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  } finally {
    clearTimeout(timer);
  }
}
