// Reads the per-second lines bench/loop-probe.ts wrote, for a window of wall-clock time.
import { existsSync, readFileSync } from 'node:fs';

export interface LoopSecond {
  t: number;
  p50: number;
  p99: number;
  max: number;
  rss: number;
}

export function loopSeconds(file: string, fromMs = 0, toMs = Infinity): LoopSecond[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LoopSecond)
    .filter((s) => s.t >= fromMs && s.t <= toMs);
}
