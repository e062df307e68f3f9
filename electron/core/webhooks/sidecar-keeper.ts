// Everything the event log does with sidecars (segment-sidecar.ts), so event-log.ts only says what
// happened to its segments: a start takes a segment's lines from its sidecar when it still
// describes the segment, or writes one after a clean scan; while this process writes a segment,
// its sidecar is kept up (live-sidecar.ts) and written when the segment is sealed or the log is
// closed cleanly; and what a start trusted is hashed in the background (sealed-check.ts).
import { createHash, type Hash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { DamageSink } from '../storage/data-health';
import type { LogLine } from './event-record';
import { LiveSidecar, type SealedSummary } from './live-sidecar';
import { SealedCheck } from './sealed-check';
import type { ScanResult } from './segment-files';
import { endsAgree, type LineSummary, SidecarStore, summarize } from './segment-sidecar';
import { SidecarBuilder } from './sidecar-codec';

/** Linux stamps files from a clock that ticks every 1-10 ms. */
const SIDECAR_WRITE_DELAY_MS = 50;

export class SidecarKeeper {
  private readonly store: SidecarStore;
  private readonly live = new LiveSidecar();
  private readonly check: SealedCheck;
  private pending: { timer: ReturnType<typeof setTimeout>; id: number; summary: SealedSummary } | null = null;
  /** Sidecar writes under way (off the event loop); a clean close waits for them. */
  private readonly writing = new Set<Promise<void>>();
  /** Wall time of the last append (a file timestamp, not the log's clock). */
  private lastWriteAt = 0;

  constructor(dir: string, indexDir: string, problem: (text: string) => void, damage: DamageSink | undefined) {
    this.store = new SidecarStore(indexDir);
    this.check = new SealedCheck(dir, this.store, problem, damage);
  }

  // ---------------------------------------------------------------------------------------------
  // A start

  /**
   * Segment `id`'s lines from its sidecar, each given to `accept`, when the sidecar still
   * describes the segment at `path` (size, mtime, first and last lines) and its rows follow
   * `nextSeq` as a scan would require; null otherwise (scan it).
   */
  load(
    id: number,
    path: string,
    newest: boolean,
    nextSeq: number,
    accept: (line: LogLine, offset: number, length: number) => boolean,
  ): ScanResult | null {
    const segment = statQuietly(path);
    if (segment === null) return null;
    const sidecar = this.store.read(id, segment);
    if (sidecar === null || !endsAgree(path, sidecar)) return null;
    const first = sidecar.lines.find((l) => l.line.k === 'e')?.line as { seq: number } | undefined;
    if (first !== undefined && first.seq < nextSeq) return null;
    if (newest) {
      // The newest is read and hashed now (8 MiB at most): appends go on from that hash, so the
      // segment has its sidecar when it is sealed, and its check is done here.
      const hash = hashOf(path, sidecar.size);
      if (hash === null || hash.copy().digest('hex') !== sidecar.sha256) return null;
      this.live.resume(
        id,
        hash,
        sidecar.size,
        sidecar.lines.map(({ line, offset, length }) => summarize(line, offset, length)),
      );
    } else {
      this.check.trusted(id, sidecar.size, sidecar.sha256);
    }
    for (const { line, offset, length } of sidecar.lines) accept(line, offset, length);
    return { goodEnd: sidecar.size, goodEndNeedsNewline: false, size: sidecar.size, badLines: 0, torn: [] };
  }

  /**
   * A start scanned segment `id`, clean to its last byte: a sealed one gets its sidecar (written
   * off the event loop, so the start does not wait for the disk), the newest is tracked from here
   * on (its sidecar comes when it is sealed or the log closes).
   */
  scanned(id: number, path: string, newest: boolean, scan: ScanResult, summaries: LineSummary[]): void {
    if (scan.badLines > 0 || scan.torn.length > 0 || scan.goodEndNeedsNewline || scan.goodEnd !== scan.size) return;
    if (newest) {
      const hash = hashOf(path, scan.size);
      if (hash !== null) this.live.resume(id, hash, scan.size, summaries);
      return;
    }
    const bytes = readQuietly(path);
    if (bytes === null || bytes.length !== scan.size) return;
    this.write(id, {
      size: scan.size,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      body: SidecarBuilder.of(summaries),
    });
  }

  /** After the start: the background hash of what it trusted, in `delayMs`. */
  scheduleCheck(delayMs: number): void {
    this.check.schedule(delayMs);
  }

  checkNow(): Promise<number[]> {
    return this.check.run();
  }

  /** Drops the sidecars of segments no longer in the log. */
  prune(segments: ReadonlySet<number>): void {
    this.store.prune(segments);
  }

  // ---------------------------------------------------------------------------------------------
  // Writing

  /** This process created segment `id`, empty. */
  began(id: number): void {
    this.live.begin(id);
  }

  /** Segment `id` was opened for appending at `size` bytes (the file's own size). */
  reopened(id: number, size: number): void {
    this.live.reopened(id, size);
  }

  /** A group made durable: its bytes, then each of its lines. */
  wrote(id: number, bytes: Buffer): void {
    this.live.wrote(id, bytes);
    this.lastWriteAt = Date.now();
  }

  line(id: number, line: LogLine, offset: number, length: number): void {
    this.live.line(id, line, offset, length);
  }

  /** A write failed: nothing of the open segment is vouched for. */
  failed(): void {
    this.live.drop();
  }

  /** Segment `id` (`bytes` long) will not be written again: its sidecar goes out, if it was tracked whole. */
  sealed(id: number, bytes: number): void {
    const summary = this.live.seal(id, bytes);
    if (summary === null) return;
    this.writePending();
    // Not on the path of this group's answers, and later than the segment's last write by more than
    // a file timestamp's grain (a start trusts a sidecar only if it is newer than its segment).
    const timer = setTimeout(() => this.writePending(), SIDECAR_WRITE_DELAY_MS);
    timer.unref?.();
    this.pending = { timer, id, summary };
  }

  /** Before the log's last writes: the background hash stops between two slices. */
  async stopCheck(): Promise<void> {
    await this.check.stop();
  }

  /**
   * The log closed cleanly: the sidecar waiting to be written goes out, and the open segment gets
   * one too when this process wrote it from its first byte, so the next start parses none of the
   * log. That start appends to it again, so the sidecar holds only until then: a start after that
   * finds the size changed and scans it.
   */
  async closed(open: { id: number; bytes: number } | undefined): Promise<void> {
    this.writePending();
    await Promise.all(this.writing);
    if (open === undefined) return;
    const since = Date.now() - this.lastWriteAt;
    if (since < SIDECAR_WRITE_DELAY_MS)
      await new Promise((resolve) => setTimeout(resolve, SIDECAR_WRITE_DELAY_MS - since));
    const summary = this.live.seal(open.id, open.bytes);
    if (summary !== null) await this.store.writeSealed(open.id, summary);
  }

  private writePending(): void {
    const pending = this.pending;
    if (pending === null) return;
    this.pending = null;
    clearTimeout(pending.timer);
    this.write(pending.id, pending.summary);
  }

  /** Starts writing a sealed segment's sidecar off the event loop; a clean close waits for it. */
  private write(id: number, sealed: SealedSummary): void {
    const writing = this.store.writeSealed(id, sealed);
    this.writing.add(writing);
    void writing.finally(() => this.writing.delete(writing));
  }
}

/** A segment's size and mtime, or null if it cannot be read now (the scan then reports why). */
function statQuietly(path: string): { size: number; mtimeMs: number } | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** SHA-256 of exactly the first `size` bytes of the file, not yet digested; null if there are fewer. */
function hashOf(path: string, size: number): Hash | null {
  const bytes = readQuietly(path);
  if (bytes === null || bytes.length < size) return null;
  return createHash('sha256').update(bytes.subarray(0, size));
}

/** A segment's bytes, or null if it cannot be read now. */
function readQuietly(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
}
