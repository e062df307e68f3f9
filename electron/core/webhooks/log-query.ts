// Filtering and paging the event log. Filters on type, location and verification are answered from
// the in-memory index; target and free text read the candidate rows from disk. The matches of the
// last filter are cached as a list of seqs and extended with new rows, so scrolling a filtered
// inspector does not rescan the log on every page.
import type { EventFilter, EventPage, Verification } from '../../../shared/webhooks';
import { parseLogLine, type StoredEventRow, toSummary } from './event-record';
import { type Interner, type LogIndex, VERIFICATION_CODES } from './log-index';
import { SegmentReader } from './segment-files';

export interface QuerySource {
  index: LogIndex;
  types: Interner;
  locations: Interner;
  dir: string;
}

/** Reads the row in a slot of the index; null if its file is gone or the bytes are not a row. */
export function readRow(source: QuerySource, reader: SegmentReader, slot: number): StoredEventRow | null {
  const { index } = source;
  const text = reader.read(index.segment[slot], index.offset[slot], index.length[slot]);
  const line = text === null ? null : parseLogLine(text);
  return line !== null && line.k === 'e' ? line : null;
}

function rowMatches(row: StoredEventRow, filter: EventFilter, text: string | null): boolean {
  if (filter.type !== undefined && row.type !== filter.type) return false;
  if (filter.locationUuid !== undefined && row.locationUuid !== filter.locationUuid) return false;
  if (filter.verification !== undefined && row.verification !== filter.verification) return false;
  if (filter.target !== undefined && row.targetUuid !== filter.target && row.targetId !== filter.target) return false;
  if (text !== null) {
    const fields = [row.type, row.targetUuid, row.targetId, row.locationUuid, row.locationName, row.locationId, row.createdAt, row.problem, row.rawBody];
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

function indexVerdict(source: QuerySource, slot: number, filter: EventFilter, needsDisk: boolean): IndexVerdict {
  const { index } = source;
  if (filter.verification !== undefined && index.verification[slot] !== VERIFICATION_CODES[filter.verification as Verification]) return 'no';
  const type = codeVerdict(index.type[slot], filter.type, source.types);
  if (type === 'no') return 'no';
  const location = codeVerdict(index.location[slot], filter.locationUuid, source.locations);
  if (location === 'no') return 'no';
  return needsDisk || type === 'disk' || location === 'disk' ? 'disk' : 'yes';
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

export class LogQuery {
  private cache: { key: string; seqs: number[]; scannedTo: number } | null = null;

  constructor(private readonly source: QuerySource) {}

  page(rawFilter: EventFilter, offset: number, limit: number, deliveriesAt: (slot: number) => number): EventPage {
    const filter = normalise(rawFilter);
    const { index } = this.source;
    const from = Math.max(0, Math.floor(offset));
    const count = Math.max(0, Math.min(Math.floor(limit), 10_000));
    const reader = new SegmentReader(this.source.dir);
    try {
      let slots: number[];
      let total: number;
      if (Object.keys(filter).length === 0) {
        total = index.size;
        slots = [];
        for (let i = from; i < Math.min(total, from + count); i++) slots.push(index.slot(i));
      } else {
        const seqs = this.matches(filter, reader);
        total = seqs.length;
        slots = seqs.slice(from, from + count).map((seq) => index.find(seq));
      }
      const rows = [];
      for (const slot of slots) {
        const row = slot < 0 ? null : readRow(this.source, reader, slot);
        if (row !== null) rows.push(toSummary(row, deliveriesAt(slot)));
      }
      return { rows, total, offset: from };
    } finally {
      reader.close();
    }
  }

  /** Forgets cached matches (the index changed in a way the cache cannot follow). */
  invalidate(): void {
    this.cache = null;
  }

  private matches(filter: EventFilter, reader: SegmentReader): number[] {
    const key = JSON.stringify(filter);
    const { index } = this.source;
    if (this.cache === null || this.cache.key !== key) this.cache = { key, seqs: [], scannedTo: 0 };
    const cache = this.cache;
    // Rows dropped by retention leave from the front.
    const first = index.firstSeq();
    let dead = 0;
    while (dead < cache.seqs.length && cache.seqs[dead] < first) dead += 1;
    if (dead > 0) cache.seqs.splice(0, dead);
    const text = filter.text !== undefined ? filter.text.toLowerCase() : null;
    const needsDisk = text !== null || filter.target !== undefined;
    // A field containing the text means the stored line contains it too (JSON leaves such text
    // as it is, unless it holds quotes, backslashes or control characters): a cheap test on the
    // raw line rules most rows out before any parsing.
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
    const prefilter = text !== null && !/["\\\u0000-\u001f]/.test(text) ? text : null;
    for (let i = index.lowerBound(cache.scannedTo + 1); i < index.size; i++) {
      const slot = index.slot(i);
      const verdict = indexVerdict(this.source, slot, filter, needsDisk);
      if (verdict === 'no') continue;
      if (verdict === 'disk') {
        const line = reader.readScanning(index.segment[slot], index.offset[slot], index.length[slot]);
        if (line === null || (prefilter !== null && !line.toLowerCase().includes(prefilter))) continue;
        const parsed = parseLogLine(line);
        const row = parsed !== null && parsed.k === 'e' ? parsed : null;
        if (row === null || !rowMatches(row, filter, text)) continue;
      }
      cache.seqs.push(index.seq[slot]);
    }
    cache.scannedTo = index.lastSeq();
    return cache.seqs;
  }
}
