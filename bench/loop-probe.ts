// Preloaded into a measured child (`node --import tsx --import ./bench/loop-probe.ts …`) when
// BENCH_LOOP_FILE is set: once a second it appends one JSON line {t, p50, p99, max, rss} to that
// file (event-loop delay of that second in ms, from perf_hooks' histogram at 10 ms resolution;
// RSS in MB), so the bench can read the delay and memory of a process it does not share a loop
// with, second by second, without any change to the code measured.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_LOOP_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const line = { t: Date.now(), p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max), rss: Math.round(process.memoryUsage.rss() / 1e5) / 10 };
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
