// Public entry of the sandbox: a plain-Node emulator of the service spec, startable embedded
// (startSandbox) or alone (cli.ts). Never imports 'electron'.
import { allRoutes } from './routes';
import { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from './seed';
import { readingsFromEnv, type SandboxReadings } from './readings';
import { listen } from './server';
import { SandboxWorld } from './world';
import { captureWorld, readWorldFile, restoreWorld, writeWorldFile, type WorldFileRead } from './world-state';
import { errorMessage } from '../../shared/errors';

export { DEMO_ACCESS_ID, DEMO_ACCESS_SECRET } from './seed';
export {
  SEED_LOCATIONS,
  SEED_USERS,
  SEED_PASSES,
  SEED_ROLES,
  OTHER_ACCESS_ID,
  OTHER_ACCESS_SECRET,
  DEMO_REDIRECT_URLS,
} from './seed';
export { SandboxWorld } from './world';
export type { FaultMode, FaultInput, FaultRule } from './faults';
export {
  defaultReadings,
  otherReadings,
  parseReadings,
  readingsFromEnv,
  namedReadings,
  type SandboxReadings,
} from './readings';

export interface SandboxOptions {
  /** Default 0: the OS picks a free port. */
  port?: number;
  /** Default '127.0.0.1': loopback only, the sandbox has no real security. */
  host?: string;
  /** Credentials of the seeded demo integration; default DEMO_ACCESS_ID / DEMO_ACCESS_SECRET. */
  accessId?: string;
  accessSecret?: string;
  /** Header-name prefix ('Service' in the spec), for X-<prefix>-... headers. */
  headerPrefix?: string;
  /** Real clock in ms (default Date.now); the sandbox clock is now() + offset. */
  now?: () => number;
  /** How to answer the spec's open points (default: our reading, see docs/service-assumptions.md). */
  readings?: SandboxReadings;
  /**
   * Keep the venue in this file (world-state.ts): restored at start, on the port it had when
   * that port is free, and written durably before any request that may change it is answered
   * (the requests of one turn of the event loop share one write). Absent: in memory only.
   */
  stateFile?: string;
  /** Called with a sentence when the saved venue could not be read or written. */
  log?: (line: string) => void;
  /**
   * Called when the saved venue could not be read and was kept aside, or (`newer`) was written by a
   * newer release and is left untouched (the app's data-health notice).
   */
  onDamaged?: (report: { path: string; keptAs: string | null; detail: string; newer?: true }) => void;
}

export interface RunningSandbox {
  /** e.g. http://127.0.0.1:4010, no trailing slash. */
  baseUrl: string;
  port: number;
  /** The in-memory state, for tests. */
  world: SandboxWorld;
  /** Writes the venue to stateFile now (no-op without one). */
  save(): void;
  close(): Promise<void>;
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<RunningSandbox> {
  const world = new SandboxWorld(
    {
      accessId: opts.accessId ?? DEMO_ACCESS_ID,
      accessSecret: opts.accessSecret ?? DEMO_ACCESS_SECRET,
      headerPrefix: opts.headerPrefix ?? 'Service',
    },
    opts.now ?? Date.now,
  );
  // VENUE_SANDBOX_READING flips every embedded sandbox of a run (the test matrix uses it).
  world.readings = { ...(opts.readings ?? readingsFromEnv()) };
  const { log } = opts;
  const saved: WorldFileRead = opts.stateFile
    ? readWorldFile(opts.stateFile)
    : { file: null, problem: null, keptAs: null };
  if (saved.problem) {
    log?.(saved.problem);
    opts.onDamaged?.({ path: opts.stateFile!, keptAs: saved.keptAs, detail: saved.problem, newer: saved.newer });
  }
  // A newer release's venue is never overwritten: this run keeps its venue in memory only.
  const stateFile = saved.newer ? undefined : opts.stateFile;
  if (saved.file) restoreWorld(world, saved.file);
  const host = opts.host ?? '127.0.0.1';
  // Same port as last time where possible: sign-in redirects and anything the user noted keep working.
  let port = 0;
  const write = () => writeWorldFile(stateFile!, captureWorld(world, port));
  const durable = stateFile ? groupCommit(write) : undefined;
  let running;
  if (!opts.port && saved.file?.port) {
    running = await listen(world, allRoutes, host, saved.file.port, durable).catch(() => null);
  }
  running ??= await listen(world, allRoutes, host, opts.port ?? 0, durable);
  const listening = running;
  port = listening.port;
  const save = () => {
    if (!stateFile) return;
    try {
      write();
    } catch (error) {
      log?.(`The practice venue could not be saved to ${stateFile}: ${errorMessage(error)}`);
    }
  };
  // The file has the port from the start, so a restart finds the same one even before any change.
  if (stateFile && saved.file?.port !== port) save();
  return {
    baseUrl: listening.baseUrl,
    port: listening.port,
    world,
    save,
    close: async () => {
      await listening.close();
      save();
    },
  };
}

/**
 * One durable write for all the changes made in a turn of the event loop: each caller resolves
 * once a write that started after its change has reached the disk (or rejects when it failed).
 */
function groupCommit(write: () => void): () => Promise<void> {
  let waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  return () =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (waiting.length > 1) return;
      setImmediate(() => {
        const batch = waiting;
        waiting = [];
        try {
          write();
        } catch (error) {
          for (const w of batch) w.reject(error);
          return;
        }
        for (const w of batch) w.resolve();
      });
    });
}
