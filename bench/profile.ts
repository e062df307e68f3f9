// How much each section does, per mode. `full` is what docs/performance.md reports (about 5–8
// minutes on 2 cores); `quick` runs every row with small counts (under a minute); `smoke` is the
// least that still produces every row, for the harness's own test.

import type { HeadroomPlan } from './headroom';

export type Mode = 'full' | 'quick' | 'smoke';

export interface Profile {
  mode: Mode;
  /**
   * paced: requests of each rep's paced run (at pacedRate per second), per side; headroom: the
   * search for the highest rate with p99 under its line (headroom.ts), per receiver.
   */
  ingest: {
    requests: number;
    warmup: number;
    reps: number;
    connections: number;
    paced: number;
    pacedRate: number;
    headroom: Omit<HeadroomPlan, 'p99Limit'>;
  };
  screen: { events: number; warmup: number };
  /**
   * settleMs: pause before RSS readings and after the screen opens (shorter only in smoke runs);
   * idleMs: how long the host is left idle for log.rss_growth, whose reading is the lowest RSS seen
   * in that time (log-scale.ts rssIdleLow).
   */
  log: {
    small: number;
    total: number;
    chunks: number;
    filterReps: number;
    renderReps: number;
    restarts: number;
    settleMs: number;
    idleMs: number;
  };
  /** calls: concurrent calls per batch; sequential: one-at-a-time calls for the client's own overhead. */
  api: { calls: number; rounds: number; sequential: number };
  startup: { spawns: number; warmup: number };
  /**
   * Whole app: `rate` events/s for `seconds` after `warmupSeconds`, RSS read `idleMs` and `settleMs` after the load;
   * the ceiling tries `steps` (events/s) for `stepSeconds` each until one fails.
   */
  /** Hub: `satellites` processes with a screen each; `signIns` PIN sign-ins spread over `stormSeconds`. */
  hub: { satellites: number; signIns: number; stormSeconds: number };
  /** Backup and restore of a venue whose event log holds `events`; `reps` of each, the median kept. */
  backup: { events: number; reps: number };
  app: {
    rate: number;
    seconds: number;
    warmupSeconds: number;
    idleMs: number;
    settleMs: number;
    steps: number[];
    stepSeconds: number;
  };
}

export const PROFILES: Record<Mode, Profile> = {
  full: {
    mode: 'full',
    ingest: {
      requests: 30_000,
      warmup: 5_000,
      reps: 5,
      connections: 50,
      paced: 3_000,
      pacedRate: 1_000,
      headroom: { start: 1_000, max: 16_000, stepSeconds: 4, warmupSeconds: 2, bisections: 5, tries: 3 },
    },
    screen: { events: 300, warmup: 10 },
    log: {
      small: 1_000,
      total: 100_000,
      chunks: 10,
      filterReps: 5,
      renderReps: 3,
      restarts: 2,
      settleMs: 1_000,
      idleMs: 20_000,
    },
    api: { calls: 100, rounds: 5, sequential: 300 },
    hub: { satellites: 6, signIns: 20, stormSeconds: 10 },
    backup: { events: 100_000, reps: 3 },
    startup: { spawns: 5, warmup: 1 },
    app: {
      rate: 1_000,
      seconds: 60,
      warmupSeconds: 5,
      idleMs: 20_000,
      settleMs: 60_000,
      steps: [1_000, 2_000, 3_000, 4_000, 6_000, 8_000, 12_000, 16_000],
      stepSeconds: 5,
    },
  },
  quick: {
    mode: 'quick',
    ingest: {
      requests: 3_000,
      warmup: 500,
      reps: 1,
      connections: 50,
      paced: 1_000,
      pacedRate: 1_000,
      headroom: { start: 1_000, max: 8_000, stepSeconds: 2, warmupSeconds: 1, bisections: 2, tries: 1 },
    },
    screen: { events: 30, warmup: 3 },
    log: {
      small: 200,
      total: 3_000,
      chunks: 2,
      filterReps: 2,
      renderReps: 1,
      restarts: 1,
      settleMs: 1_000,
      idleMs: 5_000,
    },
    api: { calls: 100, rounds: 1, sequential: 50 },
    hub: { satellites: 3, signIns: 20, stormSeconds: 10 },
    backup: { events: 5_000, reps: 1 },
    startup: { spawns: 1, warmup: 1 },
    app: {
      rate: 1_000,
      seconds: 5,
      warmupSeconds: 1,
      idleMs: 3_000,
      settleMs: 5_000,
      steps: [1_000, 2_000, 4_000],
      stepSeconds: 1,
    },
  },
  smoke: {
    mode: 'smoke',
    ingest: {
      requests: 300,
      warmup: 0,
      reps: 1,
      connections: 50,
      paced: 200,
      pacedRate: 1_000,
      headroom: { start: 200, max: 400, stepSeconds: 0.5, warmupSeconds: 0, bisections: 0, tries: 1 },
    },
    screen: { events: 4, warmup: 1 },
    log: { small: 200, total: 400, chunks: 1, filterReps: 1, renderReps: 1, restarts: 1, settleMs: 100, idleMs: 200 },
    api: { calls: 100, rounds: 1, sequential: 20 },
    hub: { satellites: 2, signIns: 4, stormSeconds: 2 },
    backup: { events: 300, reps: 1 },
    startup: { spawns: 1, warmup: 0 },
    app: { rate: 200, seconds: 1, warmupSeconds: 0, idleMs: 500, settleMs: 600, steps: [200], stepSeconds: 1 },
  },
};
