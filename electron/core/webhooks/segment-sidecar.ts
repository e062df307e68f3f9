// A sealed segment's index, kept beside the log (issue 12: restart < 1 s at 100 000 events).
// Loading the log used to JSON-parse every line of every segment to rebuild the in-memory index.
// That was 0.6 s at 100 000 events, the larger part of a restart once the projections are
// checkpointed. A segment that is no longer written to (a newer one exists) and that scanned
// clean gets a sidecar: the few fields of each line the index needs, plus the segment's size
// and sha256.
//
// The next start reads the segment's bytes and hashes them (sha256 runs at gigabytes a second),
// and only when both size and hash match does it take the lines from the sidecar instead of
// parsing them. Any change to a segment, a flipped byte included, means a normal scan with the
// damage handling of event-log.ts, exactly as without sidecars. A sidecar that is missing, torn,
// damaged or from another format is simply ignored and written again. Sidecars are derived data:
// deleting the folder only makes the next start slower. Their bytes: sidecar-codec.ts.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { LogLine, StoredEventRow } from './event-record';
import { decodeSidecar, encodeSidecar } from './sidecar-codec';

/**
 * One line as the index needs it: [kind, offset, length, …].
 * 'e': seq, receivedAt, type, knownType, locationUuid, verification, hasProblem, dedupeKey.
 * 'd': of, at. 's': at, type, createdAt.
 */
export type LineSummary = (string | number | boolean | null)[];

export interface Sidecar {
  size: number;
  sha256: string;
  lines: LineSummary[];
}

export function summarize(line: LogLine, offset: number, length: number): LineSummary {
  if (line.k === 'd') return ['d', offset, length, line.of, line.at];
  if (line.k === 's') return ['s', offset, length, line.at, line.type, line.createdAt];
  return ['e', offset, length, line.seq, line.receivedAt, line.type, line.knownType, line.locationUuid, line.verification, line.problem !== null, line.dedupeKey];
}

/**
 * The line back, with the fields the index, counters and dedupe read (commitLine in event-log.ts).
 * Never shown or applied: rows for screens and projections are always read from the segment.
 */
export function restoreLine(s: LineSummary): { line: LogLine; offset: number; length: number } {
  const offset = s[1] as number;
  const length = s[2] as number;
  if (s[0] === 'd') return { line: { k: 'd', of: s[3] as number, at: s[4] as number }, offset, length };
  if (s[0] === 's') return { line: { k: 's', at: s[3] as number, type: s[4] as string, createdAt: s[5] as string }, offset, length };
  const row = {
    k: 'e',
    seq: s[3],
    receivedAt: s[4],
    type: s[5],
    knownType: s[6],
    locationUuid: s[7],
    verification: s[8],
    // Only whether there was a problem matters to the index; the text stays in the segment.
    problem: s[9] ? 'see the event log' : null,
    dedupeKey: s[10],
  } as unknown as StoredEventRow;
  return { line: row, offset, length };
}

export class SidecarStore {
  constructor(private readonly dir: string) {}

  private path(segmentId: number): string {
    return join(this.dir, `seg-${String(segmentId).padStart(8, '0')}.idx`);
  }

  /** The sidecar of a segment whose bytes still match it; null otherwise (scan it as usual). */
  read(segmentId: number, segmentBytes: Buffer): Sidecar | null {
    const path = this.path(segmentId);
    if (!existsSync(path)) return null;
    try {
      const sidecar = decodeSidecar(readFileSync(path));
      if (sidecar === null || sidecar.size !== segmentBytes.length) return null;
      if (createHash('sha256').update(segmentBytes).digest('hex') !== sidecar.sha256) return null;
      return sidecar;
    } catch {
      return null;
    }
  }

  /** Written after a clean scan of a sealed segment; a failure only costs the next start a scan. */
  write(segmentId: number, segmentBytes: Buffer, lines: LineSummary[]): void {
    try {
      mkdirSync(this.dir, { recursive: true });
      const bytes = encodeSidecar(segmentBytes.length, createHash('sha256').update(segmentBytes).digest('hex'), lines);
      const path = this.path(segmentId);
      const temp = `${path}.${process.pid}.tmp`;
      const fd = openSync(temp, 'w', 0o600);
      try {
        writeSync(fd, bytes);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, path);
    } catch {
      // Derived data: the segment is the truth, and the next start scans it again.
    }
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
