// Gives the JavaScript heap back after a rush. At 1 000 webhooks a second V8 grows its old space
// to hold what survives its young-generation collections (requests in flight, log lines waiting
// for their sync, pushes being serialised), and keeps those pages committed long after the rush:
// its own memory reducer returned them 20-60 s later in our soaks, and a venue workstation that
// also runs the POS should not carry 100+ MB of empty heap for a minute after every busy spell.
// Once the process has been nearly idle for a few seconds and the heap has grown well past its
// size after the last trim, one compacting full collection (while nothing is waiting)
// gives the pages back. Nothing is trimmed while work goes on, so no request waits for it under load.
// Plain Node (v8, vm, perf_hooks): the Electron main process and the headless host both start it.
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface HeapTrimOptions {
  /** How often to look, ms. */
  intervalMs?: number;
  /** How long the event loop must have been nearly idle, ms. */
  quietMs?: number;
  /** "Nearly idle": event-loop utilisation at or below this over each look. */
  quietUtilization?: number;
  /** Trim once the committed heap is this much above its size after the last trim (or at start). */
  growthBytes?: number;
  /** Never two trims closer than this, ms. */
  minGapMs?: number;
  /** A full collection; by default V8's own, exposed for this process. */
  gc?: () => void;
  /** Committed heap bytes; by default V8's total heap size. */
  heapBytes?: () => number;
  /** Event-loop utilisation since the previous call (0..1); by default from perf_hooks. */
  utilization?: () => number;
  now?: () => number;
  /** Told about each trim: the committed heap before and after, and how long it took. */
  onTrim?: (trim: HeapTrimReport) => void;
}

export interface HeapTrimReport {
  beforeBytes: number;
  afterBytes: number;
  tookMs: number;
}

export interface HeapTrimDecision {
  /** Looks once (the timer calls it); true if it trimmed. */
  check(): boolean;
}

export interface HeapTrim extends HeapTrimDecision {
  stop(): void;
}

/**
 * A full collection that also compacts, for this process, or null where it cannot be had. A plain
 * full collection frees the dead objects but keeps every page that still holds a live one: after a
 * rush the survivors are spread thin over the grown old space, and in a soak a plain collection
 * gave back nothing (92 → 92 MB committed). Compacting moves them together so whole pages go.
 */
export function exposedGc(): (() => void) | null {
  const existing = (globalThis as { gc?: unknown }).gc;
  let gc: unknown = existing;
  try {
    if (typeof gc !== 'function') {
      setFlagsFromString('--expose-gc');
      // A fresh context is created with the flag set, so its `gc` exists; it collects the whole isolate.
      gc = runInNewContext('gc');
    }
  } catch {
    return null;
  }
  if (typeof gc !== 'function') return null;
  const collect = gc as () => void;
  return () => {
    // Read by V8 at each full collection: on for this one only.
    setFlagsFromString('--compact-on-every-full-gc');
    try {
      collect();
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}

function loopUtilization(): () => number {
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const delta = performance.eventLoopUtilization(now, last);
    last = now;
    return delta.utilization;
  };
}

/** Starts looking every `intervalMs` (an unref'd timer); returns null if this runtime has no usable gc. */
export function startHeapTrim(options: HeapTrimOptions = {}): HeapTrim | null {
  const gc = options.gc ?? exposedGc();
  if (gc === null) return null;
  const trim = heapTrim({ ...options, gc });
  const timer = setInterval(() => trim.check(), options.intervalMs ?? 1_000);
  timer.unref();
  return { check: trim.check, stop: () => clearInterval(timer) };
}

/** The decision alone, driven by `check()` (tests call it with their own figures). */
export function heapTrim(options: HeapTrimOptions & { gc: () => void }): HeapTrimDecision {
  const now = options.now ?? (() => performance.now());
  const heapBytes = options.heapBytes ?? (() => getHeapStatistics().total_heap_size);
  const utilization = options.utilization ?? loopUtilization();
  const quietMs = options.quietMs ?? 3_000;
  const quietUtilization = options.quietUtilization ?? 0.1;
  const growthBytes = options.growthBytes ?? 32 * 1024 * 1024;
  // Short enough to trim again after the work a quiet spell itself starts (the projections'
  // checkpoint is written after 5 s of quiet and allocates its whole text).
  const minGapMs = options.minGapMs ?? 10_000;
  let floor = heapBytes();
  let quietSince: number | null = null;
  let lastTrimAt = -Infinity;
  return {
    check() {
      const at = now();
      if (utilization() > quietUtilization) {
        quietSince = null;
        return false;
      }
      quietSince ??= at;
      const before = heapBytes();
      // A heap that shrank on its own (V8's reducer got there first) is the new floor.
      if (before < floor) floor = before;
      if (at - quietSince < quietMs || at - lastTrimAt < minGapMs || before - floor < growthBytes) return false;
      const started = now();
      options.gc();
      const after = heapBytes();
      lastTrimAt = now();
      // What is left is live data (more tabs open, a longer log): the next trim waits for growth past it.
      floor = after;
      options.onTrim?.({ beforeBytes: before, afterBytes: after, tookMs: lastTrimAt - started });
      return true;
    },
  };
}

/** The log line for a trim. */
export function heapTrimLine(t: HeapTrimReport): string {
  const mb = (n: number) => (n / 1_048_576).toFixed(0);
  return `heap: gave back ${mb(t.beforeBytes - t.afterBytes)} MB after a busy spell (${mb(t.beforeBytes)} → ${mb(t.afterBytes)} MB, ${t.tookMs.toFixed(0)} ms)`;
}
