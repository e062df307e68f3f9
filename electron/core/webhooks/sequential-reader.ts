// Reading rows of the event log in log order (start-up replay): the same bytes as
// SegmentReader.read(), served from large sequential reads of each segment instead of one
// readSync per row. One window (1 MiB, or one row if larger) of one segment is held at a time.
import { closeSync, openSync, readSync } from 'node:fs';
import { segmentPath } from './segment-files';

const WINDOW = 1 << 20;

export class SequentialSegmentReader {
  private fd: number | null = null;
  private segment = -1;
  private buffer = Buffer.allocUnsafe(WINDOW);
  private start = 0;
  private end = 0;

  constructor(private readonly dir: string) {}

  /** The bytes of a row as text; null if its segment is gone or shorter than the index says. */
  read(segment: number, offset: number, length: number): string | null {
    if (segment !== this.segment && !this.open(segment)) return null;
    if (this.fd === null) return null;
    if (offset < this.start || offset + length > this.end) {
      if (length > this.buffer.length) this.buffer = Buffer.allocUnsafe(length);
      try {
        this.start = offset;
        this.end = offset + readSync(this.fd, this.buffer, 0, this.buffer.length, offset);
      } catch {
        this.start = this.end = 0;
        return null;
      }
      if (offset + length > this.end) return null;
    }
    return this.buffer.toString('utf8', offset - this.start, offset - this.start + length);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    this.segment = -1;
    this.start = this.end = 0;
  }

  private open(segment: number): boolean {
    this.close();
    this.segment = segment;
    try {
      this.fd = openSync(segmentPath(this.dir, segment), 'r');
      return true;
    } catch {
      // A segment dropped by retention between the index lookup and the read.
      return false;
    }
  }
}
