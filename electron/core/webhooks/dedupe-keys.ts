// The event log's memory of dedupe keys: every stored event of the last 48 h, so at a busy venue's
// peak several hundred thousand. A Map of hex strings to small objects costs about 200 bytes an
// entry, every one of which the collector copies out of the young generation and then marks again
// and again; here a key the listener makes (64 lowercase hex digits, a SHA-256) is 32 bytes in a
// typed array, with its seq and seenAt beside it, found through an open-addressing table of
// slot numbers: about 64 bytes an entry and nothing for the collector to walk. Any other key (a
// hand-edited or older file) is kept as the string it is in a Map of its own, so no key is ever
// changed or merged with another.
//
// Entries stay in the order they were first set, like a Map's: the log remembers keys in log
// order and forgets from the front (pruneBefore).

const WORDS = 8;
const HEX_LENGTH = 64;
const EMPTY = 0;

/** Nibble value of a lowercase hex digit's char code, or -1. */
const NIBBLE = new Int8Array(128).fill(-1);
for (let c = 0; c < 10; c++) NIBBLE[48 + c] = c;
for (let c = 0; c < 6; c++) NIBBLE[97 + c] = 10 + c;
const HEX = '0123456789abcdef';

export class DedupeKeys {
  /** Ring of entries: slot = (head + i) & mask for the i-th oldest. Capacity is a power of two. */
  private capacity: number;
  private words: Uint32Array;
  private seqs: Float64Array;
  private seenAts: Float64Array;
  /** 1 where a slot holds a key that is not hex; its text is then in otherKeys. */
  private isOther: Uint8Array;
  private head = 0;
  private count = 0;
  /** Open addressing, linear probing: slot + 1 of a hex entry, or EMPTY. Twice the capacity. */
  private table: Int32Array;
  /** 32 - log2(table length): a home is the top bits of the mixed hash. */
  private shift: number;
  private readonly otherSlots = new Map<string, number>();
  private readonly otherKeys = new Map<number, string>();
  /** The parsed words of the key last looked at, so parse once per call. */
  private readonly probe = new Uint32Array(WORDS);
  /** Set by find: whether the key was hex, and (if so and absent) the table position to fill. */
  private lastWasHex = false;
  private gap = -1;

  constructor(initialCapacity = 1024) {
    this.capacity = 1 << Math.max(4, Math.ceil(Math.log2(Math.max(16, initialCapacity))));
    this.words = new Uint32Array(this.capacity * WORDS);
    this.seqs = new Float64Array(this.capacity);
    this.seenAts = new Float64Array(this.capacity);
    this.isOther = new Uint8Array(this.capacity);
    this.table = new Int32Array(this.capacity * 2);
    this.shift = 32 - Math.log2(this.table.length);
  }

  get size(): number {
    return this.count;
  }

  /** The seq stored with this key, if it is remembered. */
  seqOf(key: string): number | undefined {
    const slot = this.find(key);
    return slot < 0 ? undefined : this.seqs[slot];
  }

  /** Remembers the key, or gives a remembered one new values in its place (as Map.set does). */
  set(key: string, seq: number, seenAt: number): void {
    const found = this.find(key);
    if (found >= 0) {
      this.seqs[found] = seq;
      this.seenAts[found] = seenAt;
      return;
    }
    this.insert(key, seq, seenAt);
  }

  /**
   * Remembers the key with this seq if it is not remembered yet, and says the seq it already had
   * (undefined when it is new): one lookup for the log's check-then-remember of every row it loads.
   */
  add(key: string, seq: number, seenAt: number): number | undefined {
    const found = this.find(key);
    if (found >= 0) return this.seqs[found];
    this.insert(key, seq, seenAt);
    return undefined;
  }

  /** Makes room for `more` entries beyond those held, so a load does not grow step by step. */
  reserve(more: number): void {
    let capacity = this.capacity;
    while (capacity < this.count + more) capacity *= 2;
    if (capacity > this.capacity) this.grow(capacity);
  }

  /** After a find that missed (probe, lastWasHex and gap are this key's). */
  private insert(key: string, seq: number, seenAt: number): void {
    if (this.count === this.capacity) {
      this.grow(this.capacity * 2);
      // The table was rebuilt: the key's free position in it is found again.
      this.find(key);
    }
    const slot = (this.head + this.count) & (this.capacity - 1);
    this.count += 1;
    this.seqs[slot] = seq;
    this.seenAts[slot] = seenAt;
    if (this.lastWasHex) {
      this.words.set(this.probe, slot * WORDS);
      this.isOther[slot] = 0;
      this.table[this.gap] = slot + 1;
    } else {
      this.isOther[slot] = 1;
      this.otherSlots.set(key, slot);
      this.otherKeys.set(slot, key);
    }
  }

  /** Forgets keys from the front while their seenAt is older than `cutoff`; how many went. */
  pruneBefore(cutoff: number): number {
    let gone = 0;
    while (this.count > 0 && this.seenAts[this.head] < cutoff) {
      this.removeFront();
      gone += 1;
    }
    return gone;
  }

  /**
   * [key, seq, seenAt] of the entries from the front on whose seq is above `after`, up to the
   * first one above `through` (the keys of rows a retention step drops, in log order).
   */
  entriesAfter(after: number, through: number): [string, number, number][] {
    const mask = this.capacity - 1;
    const out: [string, number, number][] = [];
    for (let i = 0; i < this.count; i++) {
      const slot = (this.head + i) & mask;
      const seq = this.seqs[slot];
      if (seq <= after) continue;
      if (seq > through) break;
      out.push([this.keyAt(slot), seq, this.seenAts[slot]]);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------

  /** The slot holding `key`, or -1; leaves the parsed key in `probe` and the free position in `gap`. */
  private find(key: string): number {
    this.lastWasHex = this.parse(key);
    if (!this.lastWasHex) {
      const slot = this.otherSlots.get(key);
      return slot === undefined ? -1 : slot;
    }
    const p = this.probe;
    const tableMask = this.table.length - 1;
    let at = this.home(p[0], p[3]);
    for (;;) {
      const held = this.table[at];
      if (held === EMPTY) {
        this.gap = at;
        return -1;
      }
      const slot = held - 1;
      const base = slot * WORDS;
      const w = this.words;
      if (
        w[base] === p[0] &&
        w[base + 1] === p[1] &&
        w[base + 2] === p[2] &&
        w[base + 3] === p[3] &&
        w[base + 4] === p[4] &&
        w[base + 5] === p[5] &&
        w[base + 6] === p[6] &&
        w[base + 7] === p[7]
      )
        return slot;
      at = (at + 1) & tableMask;
    }
  }

  /** Parses 64 lowercase hex digits into `probe`; false for any other text. */
  private parse(key: string): boolean {
    if (key.length !== HEX_LENGTH) return false;
    for (let w = 0; w < WORDS; w++) {
      let word = 0;
      for (let i = w * 8, end = i + 8; i < end; i++) {
        const c = key.charCodeAt(i);
        const n = c < 128 ? NIBBLE[c] : -1;
        if (n < 0) return false;
        word = (word << 4) | n;
      }
      this.probe[w] = word >>> 0;
    }
    return true;
  }

  /**
   * Where a key's probe starts. A SHA-256's words are spread already, but a file may hold keys
   * that are not (counting ones): mixed two words by Fibonacci hashing, such keys do not pile
   * into one long run, which would make every lookup and removal walk it.
   */
  private home(w0: number, w3: number): number {
    return Math.imul(w0 ^ Math.imul(w3, 0x85ebca6b), 0x9e3779b1) >>> this.shift;
  }

  private homeOf(slot: number): number {
    const base = slot * WORDS;
    return this.home(this.words[base], this.words[base + 3]);
  }

  private keyAt(slot: number): string {
    if (this.isOther[slot] === 1) return this.otherKeys.get(slot) as string;
    let out = '';
    const base = slot * WORDS;
    for (let w = 0; w < WORDS; w++) {
      const word = this.words[base + w];
      for (let shift = 28; shift >= 0; shift -= 4) out += HEX[(word >>> shift) & 15];
    }
    return out;
  }

  private removeFront(): void {
    const slot = this.head;
    if (this.isOther[slot] === 1) {
      this.otherSlots.delete(this.otherKeys.get(slot) as string);
      this.otherKeys.delete(slot);
      this.isOther[slot] = 0;
    } else {
      this.removeFromTable(slot);
    }
    this.head = (this.head + 1) & (this.capacity - 1);
    this.count -= 1;
  }

  /** Backward-shift deletion: later entries of the same run move up, so no tombstones build up. */
  private removeFromTable(slot: number): void {
    const table = this.table;
    const mask = table.length - 1;
    let at = this.homeOf(slot);
    while (table[at] !== slot + 1) at = (at + 1) & mask;
    let hole = at;
    let next = (hole + 1) & mask;
    while (table[next] !== EMPTY) {
      const home = this.homeOf(table[next] - 1);
      // The entry at `next` may fill the hole only if its home is not inside (hole, next].
      const between = hole <= next ? home > hole && home <= next : home > hole || home <= next;
      if (!between) {
        table[hole] = table[next];
        hole = next;
      }
      next = (next + 1) & mask;
    }
    table[hole] = EMPTY;
  }

  /** Moves the entries, oldest first, into arrays of `capacity` (a larger power of two). */
  private grow(capacity: number): void {
    const oldMask = this.capacity - 1;
    const { words, seqs, seenAts, isOther } = this;
    const otherKeys = new Map(this.otherKeys);
    this.capacity = capacity;
    this.words = new Uint32Array(capacity * WORDS);
    this.seqs = new Float64Array(capacity);
    this.seenAts = new Float64Array(capacity);
    this.isOther = new Uint8Array(capacity);
    this.table = new Int32Array(capacity * 2);
    this.shift = 32 - Math.log2(this.table.length);
    this.otherSlots.clear();
    this.otherKeys.clear();
    // The ring is at most two runs of slots: copied whole, then the table filled from them.
    const first = Math.min(this.count, oldMask + 1 - this.head);
    const runs: [from: number, to: number, length: number][] = [
      [this.head, 0, first],
      [0, first, this.count - first],
    ];
    for (const [from, to, length] of runs) {
      if (length === 0) continue;
      this.words.set(words.subarray(from * WORDS, (from + length) * WORDS), to * WORDS);
      this.seqs.set(seqs.subarray(from, from + length), to);
      this.seenAts.set(seenAts.subarray(from, from + length), to);
      this.isOther.set(isOther.subarray(from, from + length), to);
    }
    const tableMask = this.table.length - 1;
    for (let i = 0; i < this.count; i++) {
      if (this.isOther[i] === 1) {
        const other = otherKeys.get((this.head + i) & oldMask) as string;
        this.otherSlots.set(other, i);
        this.otherKeys.set(i, other);
        continue;
      }
      let at = this.homeOf(i);
      while (this.table[at] !== EMPTY) at = (at + 1) & tableMask;
      this.table[at] = i + 1;
    }
    this.head = 0;
  }
}
