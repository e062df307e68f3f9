// The sidecar of a segment this process wrote from its first byte, kept up as lines are appended,
// so the segment has its sidecar the moment it is sealed (segment-sidecar.ts). Before, sidecars
// were only written by a start that scanned a sealed segment, so the first restart after a busy
// day (every segment sealed since the last start) parsed all of them again: 0.6 s more at 100 000
// events, and that is the restart a venue makes every morning.
//
// Only what was durably written counts: lines are added after their group's fsync, the hash
// covers exactly the bytes appended, and a failed write (the tail cut back, the file abandoned)
// drops the segment, which the next start then scans as before. The newest segment a start found
// clean is tracked too, from its bytes read and hashed at that start (SidecarKeeper.load).
import { createHash, type Hash } from 'node:crypto';
import type { LogLine } from './event-record';
import { type LineSummary, summarize } from './segment-sidecar';
import { SidecarBuilder } from './sidecar-codec';

/** A sealed segment's size and hash, and its lines already laid out as the sidecar's body. */
export interface SealedSummary {
  size: number;
  sha256: string;
  body: SidecarBuilder;
}

export class LiveSidecar {
  private segment: number | null = null;
  private hash: Hash | null = null;
  private body = new SidecarBuilder();
  private size = 0;

  /** A segment file this process just created, empty. */
  begin(segmentId: number): void {
    this.segment = segmentId;
    this.hash = createHash('sha256');
    this.body = new SidecarBuilder();
    this.size = 0;
  }

  /**
   * The newest segment as a start found it, `size` bytes already hashed into `hash` and described
   * by `lines`: appends go on from there, so it too has a sidecar when it is sealed.
   */
  resume(segmentId: number, hash: Hash, size: number, lines: LineSummary[]): void {
    this.segment = segmentId;
    this.hash = hash;
    this.body = SidecarBuilder.of(lines);
    this.size = size;
  }

  /** The open file of `segmentId` is `size` bytes: anything but what was tracked voids the tracking. */
  reopened(segmentId: number, size: number): void {
    if (segmentId === this.segment && size !== this.size) this.drop();
  }

  /** Bytes of `segmentId` made durable, from its offset `this.size` on. */
  wrote(segmentId: number, bytes: Buffer): void {
    if (segmentId !== this.segment || this.hash === null) return;
    this.hash.update(bytes);
    this.size += bytes.length;
  }

  /** A line in those bytes, committed to the index. */
  line(segmentId: number, line: LogLine, offset: number, length: number): void {
    if (segmentId === this.segment) this.body.add(summarize(line, offset, length));
  }

  /** The tracked segment is sealed at `sizeOnDisk` bytes: its sidecar, or null when not tracked whole. */
  seal(segmentId: number, sizeOnDisk: number): SealedSummary | null {
    if (segmentId !== this.segment || this.hash === null || this.size !== sizeOnDisk || this.body.lines === 0) {
      if (segmentId === this.segment) this.drop();
      return null;
    }
    const sealed = { size: this.size, sha256: this.hash.digest('hex'), body: this.body };
    this.drop();
    return sealed;
  }

  /** A write failed or the segment went: nothing of it is vouched for. */
  drop(): void {
    this.segment = null;
    this.hash = null;
    this.body = new SidecarBuilder();
    this.size = 0;
  }
}
