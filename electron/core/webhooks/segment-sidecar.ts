// A sealed segment's index, kept beside the log, so that a restart does not JSON-parse every line
// of every segment to rebuild the in-memory index (the larger part of a restart at 100 000 events
// once the projections are checkpointed). A segment that is no longer written to (a newer one exists) and that scanned
// clean gets a sidecar: the few fields of each line the index needs, plus the segment's size
// and sha256.
//
// A start takes the lines from the sidecar when the segment has the size the sidecar recorded, was
// not modified after the sidecar was written (its mtime is older than the sidecar's), and its
// first and last lines are the ones the sidecar describes (endsAgree). Anything that rewrites a
// segment (an editor, a copy over it, a cut) changes its mtime, and then it gets a normal scan
// with the damage handling of event-log.ts, exactly as without sidecars. Bytes that change without
// a write (a failing disk) keep the mtime, so every trusted segment's bytes are hashed again in
// the background a few seconds after the start (sealed-check.ts): a mismatch is reported, its
// sidecar removed, and the next start scans it. Until then, a row whose bytes no
// longer parse is skipped, as a row of a segment removed mid-read is. Hashing 150 MB of segments
// on the start path would be about a fifth of a restart at 100 000 events, and on a cold disk the
// reads alone take longer than the rest of the start.
//
// A sidecar that is missing, torn, damaged or from another format is simply ignored and written
// again. Sidecars are derived data: deleting the folder only makes the next start slower. Their
// bytes: sidecar-codec.ts.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync, unlinkSync } from 'node:fs';
import { mkdir, open, rename } from 'node:fs/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { join } from 'node:path';
import { type LogLine, parseLogLine } from './event-record';
import { decodeSidecar, type RestoredLine, type SidecarBuilder } from './sidecar-codec';

/**
 * One line as the index needs it: [kind, offset, length, …].
 * 'e': seq, receivedAt, type, knownType, locationUuid, verification, hasProblem, dedupeKey.
 * 'd': of, at. 's': at, type, createdAt.
 */
export type LineSummary = (string | number | boolean | null)[];

export interface Sidecar {
  size: number;
  sha256: string;
  /** Decoded straight into lines (one object each, not a summary and then a line: 100 000 of them at a restart). */
  lines: RestoredLine[];
}

export function summarize(line: LogLine, offset: number, length: number): LineSummary {
  if (line.k === 'd') return ['d', offset, length, line.of, line.at];
  if (line.k === 's') return ['s', offset, length, line.at, line.type, line.createdAt];
  return [
    'e',
    offset,
    length,
    line.seq,
    line.receivedAt,
    line.type,
    line.knownType,
    line.locationUuid,
    line.verification,
    line.problem !== null,
    line.dedupeKey,
  ];
}

const SLICE_BYTES = 1 << 20;

export class SidecarStore {
  constructor(private readonly dir: string) {}

  private path(segmentId: number): string {
    return join(this.dir, `seg-${String(segmentId).padStart(8, '0')}.idx`);
  }

  /**
   * The sidecar of a segment that has its recorded size and was not modified after the sidecar
   * was written; null otherwise (scan it as usual). Its bytes are checked later (matches), or at
   * once for the newest segment (sidecar-keeper.ts).
   */
  read(segmentId: number, segment: { size: number; mtimeMs: number }): Sidecar | null {
    const path = this.path(segmentId);
    try {
      const own = statSync(path, { throwIfNoEntry: false });
      if (own === undefined || !(segment.mtimeMs < own.mtimeMs)) return null;
      const sidecar = decodeSidecar(readFileSync(path));
      if (sidecar === null || sidecar.size !== segment.size) return null;
      return sidecar;
    } catch {
      return null;
    }
  }

  /**
   * Whether the segment's first `size` bytes still hash to `sha256` (the newest segment may have
   * grown since): read in 1 MiB slices, yielding to the event loop between them so requests keep
   * being answered. null when the segment is gone (retention) or `stopped()` turned true.
   */
  async matches(segmentFile: string, size: number, sha256: string, stopped: () => boolean): Promise<boolean | null> {
    let handle;
    try {
      handle = await open(segmentFile, 'r');
    } catch {
      return null;
    }
    try {
      const hash = createHash('sha256');
      const slice = Buffer.allocUnsafe(SLICE_BYTES);
      let done = 0;
      while (done < size) {
        if (stopped()) return null;
        const { bytesRead } = await handle.read(slice, 0, Math.min(SLICE_BYTES, size - done), done);
        // Shorter than the sidecar says: changed.
        if (bytesRead === 0) return false;
        hash.update(slice.subarray(0, bytesRead));
        done += bytesRead;
        await nextTurn();
      }
      return hash.digest('hex') === sha256;
    } catch {
      return null;
    } finally {
      await handle.close().catch(() => {});
    }
  }

  /** Drops a segment's sidecar, so the next start scans the segment line by line. */
  forget(segmentId: number): void {
    try {
      unlinkSync(this.path(segmentId));
    } catch {
      // Already gone.
    }
  }

  /**
   * A sealed segment's sidecar, its body already built (line by line as this process wrote the
   * segment, live-sidecar.ts, or from a start's clean scan of it); a failure only costs the next
   * start a scan. The file's write, fsync and rename run on libuv's thread pool: done on the
   * event loop, a 1 MB sidecar's fsync would hold the webhook answers and the screens' bridge once
   * per segment sealed, and a start that scanned segments would wait for each one's.
   */
  async writeSealed(segmentId: number, sealed: { size: number; sha256: string; body: SidecarBuilder }): Promise<void> {
    try {
      const { path, temp } = this.paths(segmentId);
      const bytes = sealed.body.finish(sealed.size, sealed.sha256);
      await mkdir(this.dir, { recursive: true });
      const handle = await open(temp, 'w', 0o600);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, path);
    } catch {
      // Derived data: the segment is the truth, and the next start scans it again.
    }
  }

  private paths(segmentId: number): { path: string; temp: string } {
    const path = this.path(segmentId);
    return { path, temp: `${path}.${process.pid}.tmp` };
  }

  /** Removes sidecars of segments that retention (or anything else) removed, and stray temp files. */
  prune(liveSegments: ReadonlySet<number>): void {
    if (!existsSync(this.dir)) return;
    for (const name of readdirSync(this.dir)) {
      const m = /^seg-(\d+)\.idx$/.exec(name);
      if (m && liveSegments.has(Number(m[1]))) continue;
      try {
        unlinkSync(join(this.dir, name));
      } catch {
        // Left for the next start.
      }
    }
  }
}

/**
 * Whether the segment's first and last lines are the ones its sidecar describes (read and parsed,
 * two small reads): a sidecar of another segment of the same size, or a segment rewritten with
 * its mtime put back, is caught here at the start rather than by the background hash.
 */
export function endsAgree(path: string, sidecar: Sidecar): boolean {
  const ends = sidecar.lines.length === 0 ? [] : [sidecar.lines[0], sidecar.lines[sidecar.lines.length - 1]];
  const last = ends[1];
  if (last !== undefined && last.offset + last.length + 1 !== sidecar.size) return false;
  let fd: number | null = null;
  try {
    fd = openSync(path, 'r');
    for (const { line: described, offset, length } of ends) {
      const bytes = Buffer.alloc(length);
      if (readSync(fd, bytes, 0, length, offset) !== length) return false;
      const line = parseLogLine(bytes.toString('utf8'));
      if (
        line === null ||
        JSON.stringify(summarize(line, offset, length)) !== JSON.stringify(summarize(described, offset, length))
      )
        return false;
    }
    return true;
  } catch {
    return false;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
