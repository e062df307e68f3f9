// The bytes of a segment sidecar (segment-sidecar.ts). JSON lines would make parsing the sidecars
// the largest part of the log's start-up at 100 000 events; this format parses almost nothing:
//
//   header line   JSON {format, size, sha256, count, keyBytes, stringBytes, bodySha256, endian}
//                 + '\n', padded with spaces so the numbers start on a multiple of 8 bytes
//   numbers       Float64 (little-endian): per line its kind (0 event, 1 duplicate, 2 stale),
//                 offset and length, then event: seq, receivedAt, type, knownType (0/1), location,
//                 verification, hasProblem (0/1), dedupe key length (-1: none); duplicate: of, at;
//                 stale: at, type, createdAt. Texts are indexes into `strings` (-1: null).
//   keys          the dedupe keys, UTF-8, one after another
//   strings       JSON array of the texts (types, locations, verifications, stale createdAt)
//
// `bodySha256` covers numbers, keys and texts, and every header field is checked against the
// segment or the body, so a sidecar damaged after it was written is ignored (and written again)
// rather than trusted. Anything that does not add up decodes to null.
import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import { StringTable } from '../string-table';
import type { LogLine, StoredEventRow } from './event-record';
import type { LineSummary, Sidecar } from './segment-sidecar';

export const SIDECAR_FORMAT = 2;

/** A line as the index takes it back from a sidecar (commitLine in event-log.ts). */
export interface RestoredLine {
  line: LogLine;
  offset: number;
  length: number;
}

/**
 * The 'e' row back, with the fields the index, counters and dedupe read (commitLine in
 * event-log.ts). Never shown or applied: rows for screens and projections are always read from
 * the segment.
 */
export function restoredRow(
  seq: number,
  receivedAt: number,
  type: string,
  knownType: boolean,
  locationUuid: string | null,
  verification: string,
  hasProblem: boolean,
  dedupeKey: string | null,
): LogLine {
  return {
    k: 'e',
    seq,
    receivedAt,
    type,
    knownType,
    locationUuid,
    verification,
    // Only whether there was a problem matters to the index; the text stays in the segment.
    problem: hasProblem ? 'see the event log' : null,
    dedupeKey,
  } as unknown as StoredEventRow;
}

interface Header {
  format: number;
  size: number;
  sha256: string;
  count: number;
  keyBytes: number;
  stringBytes: number;
  bodySha256: string;
  endian: string;
}

const KIND = { e: 0, d: 1, s: 2 } as const;

/**
 * A sidecar's body built a line at a time, as the log commits them (live-sidecar.ts), so sealing
 * a segment of thousands of lines leaves only the joins and a hash for the event loop. Built at
 * the seal instead, the loop over every line would run cold once per segment, holding the event
 * loop while the webhook answers and the screens' bridge wait behind it.
 */
export class SidecarBuilder {
  private numbers = new Float64Array(4096);
  private at = 0;
  private count = 0;
  private readonly keys: string[] = [];
  private readonly texts = new StringTable();

  /** A builder holding `lines` already (a start's scan, or the newest segment it resumes). */
  static of(lines: LineSummary[]): SidecarBuilder {
    const builder = new SidecarBuilder();
    for (const l of lines) builder.add(l);
    return builder;
  }

  add(l: LineSummary): void {
    // An 'e' line is 11 numbers, the most any kind takes.
    if (this.at + 11 > this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    const numbers = this.numbers;
    let at = this.at;
    const [kind, offset, length] = l as [keyof typeof KIND, number, number];
    numbers[at++] = KIND[kind];
    numbers[at++] = offset;
    numbers[at++] = length;
    if (kind === 'e') {
      const key = l[10] as string | null;
      numbers[at++] = l[3] as number;
      numbers[at++] = l[4] as number;
      numbers[at++] = this.text(l[5]);
      numbers[at++] = l[6] ? 1 : 0;
      numbers[at++] = this.text(l[7]);
      numbers[at++] = this.text(l[8]);
      numbers[at++] = l[9] ? 1 : 0;
      numbers[at++] = key === null ? -1 : Buffer.byteLength(key);
      if (key !== null) this.keys.push(key);
    } else if (kind === 'd') {
      numbers[at++] = l[3] as number;
      numbers[at++] = l[4] as number;
    } else {
      numbers[at++] = l[3] as number;
      numbers[at++] = this.text(l[4]);
      numbers[at++] = this.text(l[5]);
    }
    this.at = at;
    this.count += 1;
  }

  /** Lines added so far. */
  get lines(): number {
    return this.count;
  }

  /** The sidecar's bytes for a segment of `size` bytes hashing to `sha256`, with the lines added so far. */
  finish(size: number, sha256: string): Buffer {
    const numberBytes = Buffer.from(this.numbers.buffer, 0, this.at * 8);
    const keyBytes = Buffer.from(this.keys.join(''), 'utf8');
    const stringBytes = Buffer.from(JSON.stringify(this.texts.strings), 'utf8');
    const body = Buffer.concat([numberBytes, keyBytes, stringBytes]);
    const header: Header = {
      format: SIDECAR_FORMAT,
      size,
      sha256,
      count: this.count,
      keyBytes: keyBytes.length,
      stringBytes: stringBytes.length,
      bodySha256: createHash('sha256').update(body).digest('hex'),
      endian: endianness(),
    };
    let head = JSON.stringify(header);
    head += ' '.repeat((8 - ((Buffer.byteLength(head) + 1) % 8)) % 8);
    return Buffer.concat([Buffer.from(`${head}\n`, 'utf8'), body]);
  }

  /** Texts (types, locations, verifications, stale createdAt) as indexes into one list; -1 for null. */
  private text(value: unknown): number {
    return this.texts.id(value === null ? null : String(value));
  }
}

/** The sidecar in `bytes`, or null when it is torn, damaged, of another format or does not add up. */
export function decodeSidecar(bytes: Buffer): Sidecar | null {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0 || (newline + 1) % 8 !== 0) return null;
  let header: Header;
  try {
    header = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as Header;
  } catch {
    return null;
  }
  if (
    typeof header !== 'object' ||
    header === null ||
    header.format !== SIDECAR_FORMAT ||
    header.endian !== endianness()
  )
    return null;
  const counts = [header.size, header.count, header.keyBytes, header.stringBytes];
  if (typeof header.sha256 !== 'string' || !counts.every((c) => Number.isInteger(c) && c >= 0)) return null;
  const body = bytes.subarray(newline + 1);
  const numberBytes = body.length - header.keyBytes - header.stringBytes;
  if (numberBytes < 0 || numberBytes % 8 !== 0) return null;
  if (createHash('sha256').update(body).digest('hex') !== header.bodySha256) return null;
  let strings: unknown;
  try {
    strings = JSON.parse(body.toString('utf8', numberBytes + header.keyBytes));
  } catch {
    return null;
  }
  if (!Array.isArray(strings) || !strings.every((s) => typeof s === 'string')) return null;
  // A copy: the numbers' offset in the file is a multiple of 8, but not necessarily in memory.
  const numbers = new Float64Array(body.buffer.slice(body.byteOffset, body.byteOffset + numberBytes));
  const keys = body.subarray(numberBytes, numberBytes + header.keyBytes);
  return decodeLines(header, strings as string[], numbers, keys);
}

function decodeLines(header: Header, strings: string[], n: Float64Array, keys: Buffer): Sidecar | null {
  const text = (i: number): string | null | undefined =>
    i === -1 ? null : Number.isInteger(i) && i >= 0 && i < strings.length ? strings[i] : undefined;
  const lines: RestoredLine[] = new Array(header.count);
  let at = 0;
  let keyAt = 0;
  for (let i = 0; i < header.count; i++) {
    if (at + 3 > n.length) return null;
    const kind = n[at];
    const offset = n[at + 1];
    const length = n[at + 2];
    at += 3;
    if (kind === KIND.e) {
      if (at + 8 > n.length) return null;
      const type = text(n[at + 2]);
      const location = text(n[at + 4]);
      const verification = text(n[at + 5]);
      const keyLength = n[at + 7];
      if (type == null || location === undefined || verification == null) return null;
      let key: string | null = null;
      if (keyLength !== -1) {
        if (!Number.isInteger(keyLength) || keyLength < 0 || keyAt + keyLength > keys.length) return null;
        key = keys.toString('utf8', keyAt, keyAt + keyLength);
        keyAt += keyLength;
      }
      lines[i] = {
        line: restoredRow(n[at], n[at + 1], type, n[at + 3] === 1, location, verification, n[at + 6] === 1, key),
        offset,
        length,
      };
      at += 8;
    } else if (kind === KIND.d) {
      if (at + 2 > n.length) return null;
      lines[i] = { line: { k: 'd', of: n[at], at: n[at + 1] }, offset, length };
      at += 2;
    } else if (kind === KIND.s) {
      if (at + 3 > n.length) return null;
      const type = text(n[at + 1]);
      const createdAt = text(n[at + 2]);
      if (type === undefined || createdAt === undefined) return null;
      lines[i] = { line: { k: 's', at: n[at], type: type as string, createdAt: createdAt as string }, offset, length };
      at += 3;
    } else {
      return null;
    }
  }
  if (at !== n.length || keyAt !== keys.length) return null;
  return { size: header.size, sha256: header.sha256, lines };
}
