// The background half of trusting a sealed segment's sidecar (segment-sidecar.ts). A start takes a
// sealed segment's lines from its sidecar when the size, the mtime and the first and last lines
// agree, without reading the rest of the segment; a few seconds later this hashes every such
// segment's bytes, one slice at a time, against the sha256 the sidecar recorded. Bytes that
// changed without a write (a failing disk) are reported as damage and the sidecar removed, so the
// next start scans that segment line by line, keeps a copy of it and reports what it finds.
import type { DamageSink } from '../storage/data-health';
import { segmentPath } from './segment-files';
import type { SidecarStore } from './segment-sidecar';

/** A start is busiest in its first seconds (screens loading, a backlog of deliveries). */
export const SEALED_CHECK_DELAY_MS = 5_000;

export class SealedCheck {
  /** Segments trusted from their sidecars whose bytes are not hashed yet. */
  private readonly pending: { id: number; size: number; sha256: string }[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<number[]> | null = null;
  private stopped = false;

  constructor(
    private readonly dir: string,
    private readonly sidecars: SidecarStore,
    private readonly problem: (text: string) => void,
    private readonly damage: DamageSink | undefined,
  ) {}

  /** `size`: the bytes the sidecar covers (the newest segment may have been appended to since). */
  trusted(id: number, size: number, sha256: string): void {
    this.pending.push({ id, size, sha256 });
  }

  /** Runs the check after `delayMs`, if anything was trusted (the timer does not keep Node alive). */
  schedule(delayMs: number): void {
    if (this.pending.length === 0 || this.stopped) return;
    this.timer = setTimeout(() => void this.run(), delayMs);
    this.timer.unref?.();
  }

  /** Checks now (or joins the check under way); resolves with the ids of segments that changed. */
  run(): Promise<number[]> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.running ??= this.check();
    return this.running;
  }

  /** Stops between two slices and waits for the segment being read to be closed. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private async check(): Promise<number[]> {
    const changed: number[] = [];
    for (let next = this.pending.shift(); next !== undefined && !this.stopped; next = this.pending.shift()) {
      const path = segmentPath(this.dir, next.id);
      // null: removed by retention meanwhile, or the log is closing.
      if ((await this.sidecars.matches(path, next.size, next.sha256, () => this.stopped)) !== false) continue;
      changed.push(next.id);
      this.sidecars.forget(next.id);
      const detail = `${path} changed on disk after it was sealed (its bytes no longer match its index); the next start checks it line by line`;
      this.problem(detail);
      this.damage?.({
        key: 'sealed-changed',
        severity: 'warning',
        path,
        keptAs: null,
        count: null,
        sentence:
          'Part of the event log changed on disk after it was saved, without being written to (the disk may be failing). Some older events may not open; the next start of the app checks that file line by line and keeps a copy of anything damaged.',
        detail,
      });
    }
    return changed;
  }
}
