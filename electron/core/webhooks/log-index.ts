// The in-memory index of the event log: one small fixed-size tuple per row in typed-array columns
// (about 30 bytes a row), never the rows themselves, so memory stays flat however large the
// bodies are. Row content (targets, names, bodies) is read from disk by offset when asked for.
// Rows leave only from the front (retention drops the oldest segment files), so removal is an
// index shift, compacted once half the capacity is dead.
import type { Verification } from '../../../shared/webhooks';

export const VERIFICATION_CODES: Record<Verification, number> = { verified: 0, unsigned: 1, rejected: 2 };

export const FLAG_KNOWN_TYPE = 1;
export const FLAG_PROBLEM = 2;
/** Fed to projections on replay. Cleared for a second row of an already-seen dedupe key. */
export const FLAG_APPLICABLE = 4;

/** Code 0: no value. OTHER: a value that was not interned (look at the row on disk). */
export const CODE_NONE = 0;

/**
 * Maps repeated strings (types, location UUIDs) to small codes. Capped, because refused deliveries
 * can carry any text: past the cap, or when the caller says the value is untrusted, the value
 * gets the OTHER code and filters on it fall back to reading the row.
 */
export class Interner {
  private readonly codes = new Map<string, number>();
  readonly other: number;

  constructor(private readonly cap: number) {
    this.other = cap + 1;
  }

  code(value: string | null, trusted: boolean): number {
    if (value === null) return CODE_NONE;
    const known = this.codes.get(value);
    if (known !== undefined) return known;
    if (!trusted || this.codes.size >= this.cap) return this.other;
    const code = this.codes.size + 1;
    this.codes.set(value, code);
    return code;
  }

  /** The code of a value without adding it: undefined when not interned. */
  lookup(value: string): number | undefined {
    return this.codes.get(value);
  }
}

export interface IndexEntry {
  seq: number;
  segment: number;
  offset: number;
  length: number;
  type: number;
  location: number;
  verification: number;
  flags: number;
}

export class LogIndex {
  private capacity = 0;
  private start = 0;
  private end = 0;
  seq = new Float64Array(0);
  segment = new Uint32Array(0);
  offset = new Float64Array(0);
  length = new Uint32Array(0);
  type = new Uint16Array(0);
  location = new Uint32Array(0);
  verification = new Uint8Array(0);
  flags = new Uint8Array(0);
  deliveries = new Uint32Array(0);

  get size(): number {
    return this.end - this.start;
  }

  /** Physical slot of the i-th live row (0 = oldest). */
  slot(i: number): number {
    return this.start + i;
  }

  push(entry: IndexEntry): void {
    if (this.end === this.capacity) this.grow();
    const s = this.end++;
    this.seq[s] = entry.seq;
    this.segment[s] = entry.segment;
    this.offset[s] = entry.offset;
    this.length[s] = entry.length;
    this.type[s] = entry.type;
    this.location[s] = entry.location;
    this.verification[s] = entry.verification;
    this.flags[s] = entry.flags;
    this.deliveries[s] = 1;
  }

  /** Forgets the `count` oldest rows. */
  dropFront(count: number): void {
    this.start = Math.min(this.end, this.start + count);
    if (this.start === this.end) this.start = this.end = 0;
  }

  /** Slot of the row with this seq, or -1. */
  find(seq: number): number {
    const i = this.lowerBound(seq);
    return i < this.size && this.seq[this.start + i] === seq ? this.start + i : -1;
  }

  /** Position (0 = oldest) of the first row with seq >= the given one. */
  lowerBound(seq: number): number {
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.seq[this.start + mid] < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  lastSeq(): number {
    return this.size === 0 ? 0 : this.seq[this.end - 1];
  }

  firstSeq(): number {
    return this.size === 0 ? 0 : this.seq[this.start];
  }

  private grow(): void {
    const live = this.size;
    // Reclaim the dead front first; only grow when at least half the slots are live.
    const capacity =
      live * 2 > this.capacity || this.capacity === 0 ? Math.max(1024, this.capacity * 2) : this.capacity;
    const move = <T extends Float64Array | Uint32Array | Uint16Array | Uint8Array>(
      old: T,
      make: (n: number) => T,
    ): T => {
      const next = capacity === this.capacity ? old : make(capacity);
      next.set(old.subarray(this.start, this.end), 0);
      return next;
    };
    this.seq = move(this.seq, (n) => new Float64Array(n));
    this.segment = move(this.segment, (n) => new Uint32Array(n));
    this.offset = move(this.offset, (n) => new Float64Array(n));
    this.length = move(this.length, (n) => new Uint32Array(n));
    this.type = move(this.type, (n) => new Uint16Array(n));
    this.location = move(this.location, (n) => new Uint32Array(n));
    this.verification = move(this.verification, (n) => new Uint8Array(n));
    this.flags = move(this.flags, (n) => new Uint8Array(n));
    this.deliveries = move(this.deliveries, (n) => new Uint32Array(n));
    this.capacity = capacity;
    this.start = 0;
    this.end = live;
  }
}
