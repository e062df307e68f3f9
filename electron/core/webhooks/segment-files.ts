// The event log's files: `seg-00000001.jsonl`, `seg-00000002.jsonl`, ... one JSON record per line
// (framed since format version 2: record-frame.ts), written only at the end. Whole files are the unit of retention, so dropping old events is an unlink, not a
// rewrite. Reading is synchronous and by byte range: the index knows where every row starts.
import {
  closeSync,
  ftruncateSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  writeSync,
  fsyncSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import { FRAME_HEAD, isWholeRecord, lastWholeRecord, RECORD_START } from './record-frame';

const NAME = /^seg-(\d{8,})\.jsonl$/;
const CHUNK = 1 << 20;
const NEWLINE = 0x0a;
const SPACE = 0x20;

export function segmentName(id: number): string {
  return `seg-${String(id).padStart(8, '0')}.jsonl`;
}

export function segmentPath(dir: string, id: number): string {
  return join(dir, segmentName(id));
}

/** Segment ids present in the directory, oldest first. */
export function listSegments(dir: string): number[] {
  return readdirSync(dir)
    .map((name) => NAME.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

export interface ScanResult {
  /** Bytes up to the end of the last line the visitor accepted (its newline included if present). */
  goodEnd: number;
  /** The last accepted line had no newline after it (killed between its last byte and '\n'). */
  goodEndNeedsNewline: boolean;
  size: number;
  /** Lines the visitor refused: torn or corrupt. */
  badLines: number;
  /**
   * Bytes that were no record, each followed by a whole record read after them (a group written
   * while the one before it was torn or never reached the disk): where they are, to be padded.
   */
  torn: { offset: number; length: number }[];
}

/** A line of spaces: a torn region a start already padded (padTorn). */
function isPadding(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== SPACE) return false;
  return true;
}

/**
 * Streams a segment line by line in 1 MiB reads (never the whole file in memory), calling
 * `visit(text, offset, length)` with each record's JSON (a framed record's without its head,
 * record-frame.ts); the visitor returns false for a line it cannot use. Bytes that are no
 * record but end in a whole framed record are skipped up to it (`torn`).
 */
export function scanSegment(
  path: string,
  visit: (text: string, offset: number, length: number) => boolean,
): ScanResult {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    let carry: Buffer = Buffer.alloc(0);
    let carryOffset = 0;
    let position = 0;
    let goodEnd = 0;
    let goodEndNeedsNewline = false;
    let badLines = 0;
    const torn: ScanResult['torn'] = [];
    const chunk = Buffer.allocUnsafe(CHUNK);
    /** The record of `bytes` from `from` (framed or a version 1 line) given to the visitor. */
    const record = (bytes: Buffer, from: number, offset: number): boolean => {
      const framed = bytes[from] === RECORD_START;
      if (framed && !isWholeRecord(bytes, from, bytes.length)) return false;
      const start = framed ? from + FRAME_HEAD : from;
      return visit(bytes.toString('utf8', start), offset + start, bytes.length - start);
    };
    const line = (bytes: Buffer, offset: number, hasNewline: boolean) => {
      if (bytes.length === 0 || isPadding(bytes)) return;
      let ok = record(bytes, 0, offset);
      if (!ok) {
        const at = lastWholeRecord(bytes, bytes.length);
        if (at > 0 && record(bytes, at, offset)) {
          torn.push({ offset, length: at });
          ok = true;
        }
      }
      if (ok) {
        goodEnd = offset + bytes.length + (hasNewline ? 1 : 0);
        goodEndNeedsNewline = !hasNewline;
      } else {
        badLines += 1;
      }
    };
    for (;;) {
      const read = readSync(fd, chunk, 0, CHUNK, position);
      if (read === 0) break;
      const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      let from = 0;
      for (let nl = data.indexOf(NEWLINE, from); nl !== -1; nl = data.indexOf(NEWLINE, from)) {
        line(data.subarray(from, nl), carryOffset + from, true);
        from = nl + 1;
      }
      carry = Buffer.from(data.subarray(from));
      carryOffset += from;
      position += read;
    }
    line(carry, carryOffset, false);
    return { goodEnd, goodEndNeedsNewline, size, badLines, torn };
  } finally {
    closeSync(fd);
  }
}

/**
 * Makes the last segment safe to append to after a crash: cuts whatever follows the last good line
 * (a torn half-line after kill -9) and ends that line with '\n', so the next record starts clean.
 */
export function repairTail(path: string, scan: ScanResult): void {
  if (scan.goodEnd === scan.size && !scan.goodEndNeedsNewline) return;
  const fd = openSync(path, 'r+');
  try {
    ftruncateSync(fd, scan.goodEnd);
    if (scan.goodEndNeedsNewline) writeSync(fd, '\n', scan.goodEnd);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Pads the torn regions a scan skipped with spaces and a newline, so they read as one blank line
 * from then on and the segment can be sealed and read without them being taken for damage.
 */
export function padTorn(path: string, torn: ScanResult['torn']): void {
  if (torn.length === 0) return;
  const fd = openSync(path, 'r+');
  try {
    for (const { offset, length } of torn) {
      const pad = Buffer.alloc(length, SPACE);
      pad[length - 1] = NEWLINE;
      writeSync(fd, pad, 0, length, offset);
    }
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Reads byte ranges of segments, one open descriptor per segment for the duration of a call. */
export class SegmentReader {
  private readonly fds = new Map<number, number>();
  private whole: { segment: number; bytes: Buffer } | null = null;

  constructor(private readonly dir: string) {}

  read(segment: number, offset: number, length: number): string | null {
    let fd = this.fds.get(segment);
    try {
      if (fd === undefined) {
        fd = openSync(segmentPath(this.dir, segment), 'r');
        this.fds.set(segment, fd);
      }
      const buffer = Buffer.allocUnsafe(length);
      const read = readSync(fd, buffer, 0, length, offset);
      return read === length ? buffer.toString('utf8') : null;
    } catch {
      // A segment dropped by retention between the index lookup and the read.
      return null;
    }
  }

  /**
   * The same bytes as read(), from one whole-segment read kept for the segment last asked for:
   * a scan that visits rows in log order (free-text search) does one large read per segment
   * instead of one system call per row. Only one segment is held at a time.
   */
  readScanning(segment: number, offset: number, length: number): string | null {
    if (this.whole?.segment !== segment) {
      this.whole = null;
      try {
        this.whole = { segment, bytes: readFileSync(segmentPath(this.dir, segment)) };
      } catch {
        return null;
      }
    }
    const { bytes } = this.whole;
    // A row appended to the live segment after the whole read: fetch it on its own.
    if (offset + length > bytes.length) return this.read(segment, offset, length);
    return bytes.toString('utf8', offset, offset + length);
  }

  close(): void {
    for (const fd of this.fds.values()) closeSync(fd);
    this.fds.clear();
    this.whole = null;
  }
}
