// The matches of one filter, found lazily from the newest row down. The inspector shows the newest
// events first and a person reads the first page, so a search stops as soon as it has the rows
// asked for (plus one, to know there are more) instead of reading the whole log for a total.
// Filters the in-memory index answers (type, location, verification) are cheap and always counted
// to the end; free text and target need the disk, and each call reads at most `diskRowsPerCall`
// rows, so a search for a rare text never holds the event loop (and the webhook listener) for
// the whole log at once: the caller asks again and the scan resumes where it stopped.
//
// Kept as two lists so nothing is ever inserted at the front: `older` holds the matches of the
// downward scan (descending seqs, all <= top), `newer` the matches among rows appended since the
// scan began (ascending seqs, all > top). Match k in newest-first order is newer[newer.length-1-k]
// for k < newer.length, else older[k - newer.length].
import type { EventFilter, Verification } from '../../../shared/webhooks';
import { parseLogLine, type StoredEventRow } from './event-record';
import { type Interner, type LogIndex, VERIFICATION_CODES } from './log-index';
import type { SegmentReader } from './segment-files';

export interface QuerySource {
  index: LogIndex;
  types: Interner;
  locations: Interner;
  dir: string;
}

function rowMatches(row: StoredEventRow, filter: EventFilter, text: string | null): boolean {
  if (filter.type !== undefined && row.type !== filter.type) return false;
  if (filter.locationUuid !== undefined && row.locationUuid !== filter.locationUuid) return false;
  if (filter.verification !== undefined && row.verification !== filter.verification) return false;
  if (filter.target !== undefined && row.targetUuid !== filter.target && row.targetId !== filter.target) return false;
  if (text !== null) {
    const fields = [
      row.type,
      row.targetUuid,
      row.targetId,
      row.locationUuid,
      row.locationName,
      row.locationId,
      row.createdAt,
      row.problem,
      row.rawBody,
    ];
    if (!fields.some((f) => f !== null && f.toLowerCase().includes(text))) return false;
  }
  return true;
}

type IndexVerdict = 'no' | 'yes' | 'disk';

function codeVerdict(rowCode: number, wanted: string | undefined, interner: Interner): IndexVerdict {
  if (wanted === undefined) return 'yes';
  const code = interner.lookup(wanted);
  if (rowCode === interner.other) return 'disk';
  return code !== undefined && rowCode === code ? 'yes' : 'no';
}

/** What a scan needs besides the filter; built once per filter. */
interface Plan {
  filter: EventFilter;
  text: string | null;
  needsDisk: boolean;
  /** Lower-cased text to look for in the raw line before parsing it (null: parse every candidate). */
  prefilter: string | null;
}

export function planFor(filter: EventFilter): Plan {
  const text = filter.text !== undefined ? filter.text.toLowerCase() : null;
  // A field containing the text means the stored line contains it too (JSON leaves such text as it
  // is, unless it holds quotes, backslashes or control characters): a cheap test on the raw line
  // rules most rows out before any parsing.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
  const prefilter = text !== null && !/["\\\u0000-\u001f]/.test(text) ? text : null;
  return { filter, text, needsDisk: text !== null || filter.target !== undefined, prefilter };
}

export class FilterMatches {
  private older: number[] = [];
  private newer: number[] = [];
  /** Rows with seq > top are scanned upward as they arrive; rows <= top downward. */
  private readonly top: number;
  /** Every row with downFrom <= seq <= top has been looked at. */
  private downFrom: number;
  private upTo: number;
  /** Rows read from disk during the current call. */
  private diskReads = 0;

  constructor(
    readonly key: string,
    private readonly plan: Plan,
    private readonly source: QuerySource,
    private readonly diskRowsPerCall: number,
  ) {
    this.top = source.index.lastSeq();
    this.downFrom = this.top + 1;
    this.upTo = this.top;
  }

  /** Matches found so far. */
  get found(): number {
    return this.newer.length + this.older.length;
  }

  /** Whether every retained row has been looked at. */
  get complete(): boolean {
    return this.source.index.lowerBound(this.downFrom) === 0;
  }

  /** The seq of match k, newest first. */
  seqAt(k: number): number {
    return k < this.newer.length ? this.newer[this.newer.length - 1 - k] : this.older[k - this.newer.length];
  }

  /** Every match found so far, oldest first. */
  ascending(): number[] {
    return [...this.older].reverse().concat(this.newer);
  }

  /**
   * Brings the matches up to date with new rows and retention, then scans down until `want`
   * matches are known ('all': to the oldest row; the per-call disk limit does not apply).
   */
  advance(want: number | 'all', reader: SegmentReader): void {
    this.diskReads = 0;
    const { index } = this.source;
    // Rows dropped by retention leave from the old end.
    const first = index.firstSeq();
    while (this.older.length > 0 && this.older[this.older.length - 1] < first) this.older.pop();
    let dead = 0;
    while (dead < this.newer.length && this.newer[dead] < first) dead += 1;
    if (dead > 0) this.newer.splice(0, dead);
    for (let i = index.lowerBound(this.upTo + 1); i < index.size; i++) {
      const slot = index.slot(i);
      if (this.test(slot, reader)) this.newer.push(index.seq[slot]);
    }
    this.upTo = Math.max(this.upTo, index.lastSeq());
    // Index-only filters cost a few milliseconds for the whole log: count them exactly.
    const limit = want === 'all' || !this.plan.needsDisk ? Infinity : want;
    const budget = want === 'all' ? Infinity : this.diskRowsPerCall;
    for (let i = index.lowerBound(this.downFrom) - 1; i >= 0; i--) {
      if (this.found >= limit || this.diskReads >= budget) return;
      const slot = index.slot(i);
      if (this.test(slot, reader)) this.older.push(index.seq[slot]);
      this.downFrom = index.seq[slot];
    }
  }

  private test(slot: number, reader: SegmentReader): boolean {
    const verdict = this.indexVerdict(slot);
    if (verdict !== 'disk') return verdict === 'yes';
    this.diskReads += 1;
    const { index } = this.source;
    const line = reader.readScanning(index.segment[slot], index.offset[slot], index.length[slot]);
    const { prefilter, filter, text } = this.plan;
    if (line === null || (prefilter !== null && !line.toLowerCase().includes(prefilter))) return false;
    const parsed = parseLogLine(line);
    return parsed !== null && parsed.k === 'e' && rowMatches(parsed, filter, text);
  }

  private indexVerdict(slot: number): IndexVerdict {
    const { index, types, locations } = this.source;
    const { filter, needsDisk } = this.plan;
    if (
      filter.verification !== undefined &&
      index.verification[slot] !== VERIFICATION_CODES[filter.verification as Verification]
    )
      return 'no';
    const type = codeVerdict(index.type[slot], filter.type, types);
    if (type === 'no') return 'no';
    const location = codeVerdict(index.location[slot], filter.locationUuid, locations);
    if (location === 'no') return 'no';
    return needsDisk || type === 'disk' || location === 'disk' ? 'disk' : 'yes';
  }
}
