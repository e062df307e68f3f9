// What a labor time written without an offset means on this service: UTC, or the location's wall
// clock. The text is the same either way (`2026-01-31T21:04:00.000`) and the spec says neither
// (2.6), so the app decides from evidence, never from the form alone: the echo of a time it sent
// (a punch's own punch_in or punch_out coming back), and the answer's Date header (an open entry
// cannot start after the service's now, and an entry just written was updated at about its now).
// Until evidence decides, the wall clock is assumed and the service check says it is not decided.
import { lacksOffset, wallTimeToMs } from '../../../shared/time';

export type OffsetFreeMeaning = 'utc' | 'venue';

export interface TimeMeaning {
  meaning: OffsetFreeMeaning;
  /** The evidence, in words for the service check. */
  evidence: string;
}

/** Clocks differ and requests take time: a minute either way is the same moment. */
const SKEW_MS = 2 * 60_000;

// Per client (one connection), then per location: another service or location decides anew.
const decided = new WeakMap<object, Map<string, TimeMeaning>>();

export function meaningOf(client: object, locationUuid: string): TimeMeaning | null {
  return decided.get(client)?.get(locationUuid) ?? null;
}

/** Records a decision; the first one stands (later evidence against it is ignored, as it should never come). */
export function learn(client: object, locationUuid: string, found: TimeMeaning | null): void {
  if (!found) return;
  let byLocation = decided.get(client);
  if (!byLocation) decided.set(client, (byLocation = new Map()));
  if (!byLocation.has(locationUuid)) byLocation.set(locationUuid, found);
}

/** The instant an offset-free text stands for under each meaning (null when it cannot be read). */
function readings(text: string, zone: string | null): { utc: number | null; venue: number | null } {
  const utc = Date.parse(`${text.trim()}Z`);
  return { utc: Number.isFinite(utc) ? utc : null, venue: zone ? wallTimeToMs(text, zone) : null };
}

/**
 * From a write's echo: `sentMs` went out with a Z, `echoed` came back for it. Undecided when the
 * echo has an offset, when both meanings give the same instant (the zone is at UTC then), or
 * when neither matches (a service that moved the time).
 */
export function judgeEcho(sentMs: number, echoed: unknown, zone: string | null, field: string): TimeMeaning | null {
  if (typeof echoed !== 'string' || !lacksOffset(echoed)) return null;
  const { utc, venue } = readings(echoed, zone);
  const near = (ms: number | null) => ms !== null && Math.abs(ms - sentMs) < 60_000;
  if (near(utc) === near(venue)) return null;
  const meaning = near(utc) ? 'utc' : 'venue';
  return {
    meaning,
    evidence: `${field} sent as ${new Date(sentMs).toISOString()} came back as ${echoed.trim()}: ${meaning === 'utc' ? 'UTC without its Z' : `the ${zone} wall clock`}`,
  };
}

/**
 * From an answer's Date header and the offset-free times in it: a meaning that puts a time after
 * the service's own now (beyond clock skew) is ruled out. Undecided when both or neither are.
 */
export function judgeByDate(dateHeader: string | null, stamps: string[], zone: string | null): TimeMeaning | null {
  const now = dateHeader ? Date.parse(dateHeader) : NaN;
  if (!Number.isFinite(now)) return null;
  let utcFuture: string | null = null;
  let venueFuture: string | null = null;
  for (const stamp of stamps) {
    if (!lacksOffset(stamp)) continue;
    const { utc, venue } = readings(stamp, zone);
    if (utc !== null && utc > now + SKEW_MS) utcFuture ??= stamp;
    if (venue !== null && venue > now + SKEW_MS) venueFuture ??= stamp;
  }
  if ((utcFuture === null) === (venueFuture === null)) return null;
  const meaning: OffsetFreeMeaning = venueFuture !== null ? 'utc' : 'venue';
  const stamp = (venueFuture ?? utcFuture)!;
  return {
    meaning,
    evidence: `${stamp.trim()} read as ${meaning === 'utc' ? `the ${zone} wall clock` : 'UTC'} would be after the service's own time (Date: ${dateHeader})`,
  };
}

/** The punch_in / punch_out texts of raw entry rows, for judgeByDate. */
export function punchStamps(rows: unknown[]): string[] {
  const out: string[] = [];
  for (const row of rows) {
    if (!row || typeof row !== 'object') continue;
    const r = row as Record<string, unknown>;
    for (const key of ['punch_in', 'punchIn', 'punch_out', 'punchOut'])
      if (typeof r[key] === 'string') out.push(r[key]);
  }
  return out;
}
