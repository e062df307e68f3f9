// Filtering and paging the event log. Filters on type, location and verification are answered from
// the in-memory index; target and free text read the candidate rows from disk. The matches of the
// last filter are cached (log-matches.ts) and extended with new rows, so scrolling a filtered
// inspector does not rescan the log on every page.
import type { EventFilter, EventPage, EventSummary } from '../../../shared/webhooks';
import { parseLogLine, type StoredEventRow, toSummary } from './event-record';
import { FilterMatches, planFor, type QuerySource } from './log-matches';
import { SegmentReader } from './segment-files';

export type { QuerySource } from './log-matches';

/** Rows a search reads from disk in one call before answering with what it found. */
export const DISK_ROWS_PER_CALL = 25_000;

/** Reads the row in a slot of the index; null if its file is gone or the bytes are not a row. */
export function readRow(source: QuerySource, reader: SegmentReader, slot: number): StoredEventRow | null {
  const { index } = source;
  const text = reader.read(index.segment[slot], index.offset[slot], index.length[slot]);
  const line = text === null ? null : parseLogLine(text);
  return line !== null && line.k === 'e' ? line : null;
}

function normalise(filter: EventFilter): EventFilter {
  const out: EventFilter = {};
  if (filter.type) out.type = filter.type;
  if (filter.locationUuid) out.locationUuid = filter.locationUuid;
  if (filter.target) out.target = filter.target;
  if (filter.verification) out.verification = filter.verification;
  if (filter.text && filter.text.trim()) out.text = filter.text.trim();
  return out;
}

type DeliveriesAt = (slot: number) => number;

/**
 * Summaries of rows read lately, kept so the inspector's re-reads under a stream of events (its
 * page is read again at every push, up to 20 times a second) parse only the rows that are new,
 * not the whole page from disk each time. Rows never change once written; the entry also keeps
 * where the row was, so a slot now holding other bytes is read again. Delivery counts do change
 * and come from the index at every read.
 */
const SUMMARIES_KEPT = 2_048;

interface Kept {
  segment: number;
  offset: number;
  summary: EventSummary;
}

export class LogQuery {
  private cache: FilterMatches | null = null;
  private readonly kept = new Map<number, Kept>();

  constructor(
    private readonly source: QuerySource,
    private readonly diskRowsPerCall = DISK_ROWS_PER_CALL,
  ) {}

  /** Matching rows in log order (oldest first) from `offset`; the total is exact (reads every candidate). */
  page(rawFilter: EventFilter, offset: number, limit: number, deliveriesAt: DeliveriesAt): EventPage {
    const filter = normalise(rawFilter);
    const { index } = this.source;
    const from = Math.max(0, Math.floor(offset));
    const count = Math.max(0, Math.min(Math.floor(limit), 10_000));
    return this.withReader((reader) => {
      let slots: number[];
      let total: number;
      if (Object.keys(filter).length === 0) {
        total = index.size;
        slots = [];
        for (let i = from; i < Math.min(total, from + count); i++) slots.push(index.slot(i));
      } else {
        const matches = this.matches(filter);
        matches.advance('all', reader);
        const seqs = matches.ascending();
        total = seqs.length;
        slots = seqs.slice(from, from + count).map((seq) => index.find(seq));
      }
      return { rows: this.summaries(slots, reader, deliveriesAt), total, offset: from };
    });
  }

  /**
   * Matching rows newest first from `offset`, as the inspector shows them. A filter that needs the
   * disk stops once it has the page (and one more): `more` then says older rows were not searched
   * yet and `total` counts the matches found so far; asking for a later page searches further. A
   * call also stops after reading DISK_ROWS_PER_CALL rows, possibly with fewer rows than asked
   * for: the caller asks again to go on.
   */
  newest(rawFilter: EventFilter, offset: number, limit: number, deliveriesAt: DeliveriesAt): EventPage {
    const filter = normalise(rawFilter);
    const { index } = this.source;
    const from = Math.max(0, Math.floor(offset));
    const count = Math.max(0, Math.min(Math.floor(limit), 10_000));
    return this.withReader((reader) => {
      if (Object.keys(filter).length === 0) {
        const total = index.size;
        const slots: number[] = [];
        for (let k = from; k < Math.min(total, from + count); k++) slots.push(index.slot(total - 1 - k));
        return { rows: this.summaries(slots, reader, deliveriesAt), total, offset: from };
      }
      const matches = this.matches(filter);
      matches.advance(from + count + 1, reader);
      const slots: number[] = [];
      for (let k = from; k < Math.min(matches.found, from + count); k++) slots.push(index.find(matches.seqAt(k)));
      const page: EventPage = { rows: this.summaries(slots, reader, deliveriesAt), total: matches.found, offset: from };
      if (!matches.complete) page.more = true;
      return page;
    });
  }

  /** Forgets cached matches (the index changed in a way the cache cannot follow). */
  invalidate(): void {
    this.cache = null;
    this.kept.clear();
  }

  private matches(filter: EventFilter): FilterMatches {
    const key = JSON.stringify(filter);
    if (this.cache === null || this.cache.key !== key)
      this.cache = new FilterMatches(key, planFor(filter), this.source, this.diskRowsPerCall);
    return this.cache;
  }

  private summaries(slots: number[], reader: SegmentReader, deliveriesAt: DeliveriesAt) {
    const { index } = this.source;
    const rows: EventSummary[] = [];
    for (const slot of slots) {
      if (slot < 0) continue;
      const seq = index.seq[slot];
      const kept = this.kept.get(seq);
      if (kept !== undefined && kept.segment === index.segment[slot] && kept.offset === index.offset[slot]) {
        rows.push({ ...kept.summary, deliveries: deliveriesAt(slot) });
        continue;
      }
      const row = readRow(this.source, reader, slot);
      if (row === null) continue;
      const summary = toSummary(row, deliveriesAt(slot));
      rows.push(summary);
      this.keep(seq, { segment: index.segment[slot], offset: index.offset[slot], summary });
    }
    return rows;
  }

  private keep(seq: number, kept: Kept): void {
    this.kept.delete(seq);
    this.kept.set(seq, kept);
    // The oldest entry goes first (a Map iterates in insertion order).
    if (this.kept.size > SUMMARIES_KEPT) this.kept.delete(this.kept.keys().next().value as number);
  }

  private withReader<T>(fn: (reader: SegmentReader) => T): T {
    const reader = new SegmentReader(this.source.dir);
    try {
      return fn(reader);
    } finally {
      reader.close();
    }
  }
}
