// Preloaded into a measured child (`node --import tsx --import ./bench/loop-probe.ts …`) when
// BENCH_LOOP_FILE is set: once a second it appends one JSON line {t, p50, p99, max, rss} to that
// file (event-loop delay of that second in ms, from perf_hooks' histogram at 10 ms resolution;
// RSS, V8's committed and used heap, and memory outside the heap (Buffers), in MB), so the bench
// can read the delay and memory of a process it does not share a loop with, second by second,
// without any change to the code measured.
// The histogram records the interval between its timer's runs, not how late each run was: an idle
// loop reads 10.2 ms at a 10 ms resolution. The delay is that interval less the resolution
// (until 2026-11-24 the bench reported the interval, 10 ms more than the delay).
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
const RESOLUTION_MS = 10;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  const timer = setInterval(() => {
    const ms = (ns: number) => Math.max(0, Math.round((ns - RESOLUTION_MS * 1e6) / 1e4) / 100);
    const mem = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1e5) / 10;
    const line = {
      t: Date.now(),
      p50: ms(histogram.percentile(50)),
      p99: ms(histogram.percentile(99)),
      max: ms(histogram.max),
      rss: mb(mem.rss),
      heap: mb(mem.heapTotal),
      used: mb(mem.heapUsed),
      ext: mb(mem.external),
    };
    histogram.reset();
    try {
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    } catch {
      // The bench removed its folder: nothing left to report to.
    }
  }, 1000);
  // Never what keeps the process alive.
  timer.unref();
}
