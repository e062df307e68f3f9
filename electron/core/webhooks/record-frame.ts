// How a line of the event log is framed since format version 2 (log-meta.ts): one record is
//   0x1E, 8 hex digits of the JSON's byte length, 8 hex digits of its CRC-32, the JSON, '\n'.
// Two groups of lines may be on their way to the disk at once (event-log.ts), each written at the
// offset it was given, so a crash can leave a hole (zeros) or half a group before whole records
// of the next one. The frame makes every record prove itself: a record is whole when its length
// and checksum agree, and a reader that meets bytes that are not a record looks for the next
// record start and goes on from there (segment-files.ts). 0x1E cannot occur inside a record:
// JSON.stringify escapes every control character, so the byte only ever starts a record.
// Version 1 lines (the bare JSON) are read as before; a log holds both after an upgrade.
import { crc32 } from 'node:zlib';

export const RECORD_START = 0x1e;
/** Bytes before the JSON: the start byte, the length and the checksum. */
export const FRAME_HEAD = 17;
const NEWLINE = 0x0a;

const HEX = Buffer.from('0123456789abcdef', 'latin1');

function writeHex8(target: Buffer, at: number, value: number): void {
  for (let i = 7; i >= 0; i--) {
    target[at + i] = HEX[value & 0xf];
    value >>>= 4;
  }
}

/** The value of 8 hex digits at `at`, or -1 if they are not 8 hex digits. */
function readHex8(source: Buffer, at: number): number {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const c = source[at + i];
    const digit = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/**
 * Frames the JSON already written at `target[at + FRAME_HEAD, at + FRAME_HEAD + length)`: the head
 * goes in front of it and the newline after it, in place, so a group's bytes are made once.
 * Returns the offset after the newline.
 */
export function frameInPlace(target: Buffer, at: number, length: number): number {
  const json = at + FRAME_HEAD;
  target[at] = RECORD_START;
  writeHex8(target, at + 1, length);
  writeHex8(target, at + 9, crc32(target.subarray(json, json + length)));
  target[json + length] = NEWLINE;
  return json + length + 1;
}

/** A whole framed record in bytes (tests, and lines written one by one). */
export function frameRecord(json: string): Buffer {
  const length = Buffer.byteLength(json);
  const out = Buffer.allocUnsafe(FRAME_HEAD + length + 1);
  out.write(json, FRAME_HEAD, 'utf8');
  frameInPlace(out, 0, length);
  return out;
}

/**
 * Whether `line[from, end)` (no newline) is exactly one whole framed record: its length and
 * checksum agree with the bytes after its head.
 */
export function isWholeRecord(line: Buffer, from: number, end: number): boolean {
  if (end - from < FRAME_HEAD || line[from] !== RECORD_START) return false;
  const length = readHex8(line, from + 1);
  const sum = readHex8(line, from + 9);
  if (length < 0 || sum < 0 || from + FRAME_HEAD + length !== end) return false;
  return crc32(line.subarray(from + FRAME_HEAD, end)) === sum;
}

/**
 * Where the whole record at the end of `line[0, end)` starts, when what comes before it is not a
 * record (a torn write, a hole of zeros): the last record start whose record runs to the end and
 * checks out. -1 if there is none.
 */
export function lastWholeRecord(line: Buffer, end: number): number {
  for (let at = line.lastIndexOf(RECORD_START, end - 1); at > 0; at = line.lastIndexOf(RECORD_START, at - 1))
    if (isWholeRecord(line, at, end)) return at;
  return -1;
}
