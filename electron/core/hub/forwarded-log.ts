// hub/forwarded-punches.log keeps the id of every forwarded punch the hub has answered (appended by
// kiosk-relay.ts), so a kiosk that sends one again, its answer lost in a drop, hears "duplicate".
// A resend comes only from a kiosk that still queues the punch (satellite-punches.log keeps it
// until the hub's answer is written there), at its next drain: seconds later on a live link, or
// when the kiosk is back after an outage. The newest FORWARDED_KEPT ids are kept, about 100 days
// at a busy venue's 500 forwarded punches a day and years at a small one. A resend older than that
// is no longer known as a duplicate, but its capture time is then far more than an hour behind the
// hub's clock, so the relay holds it for a manager's review as back-dated: never applied on its own.
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { fsyncDir } from '../storage/fsync-dir';
import { checkVersion, defineFormat, readLogHeader } from '../storage/data-format';
import { AppendLog, reportDamagedLines } from '../labor/append-log';
import type { DamageSink } from '../storage/data-health';

export const FORWARDED_LOG = 'forwarded-punches.log';
export const FORWARDED_KEPT = 50_000;

/** One line of hub/forwarded-punches.log: a punch id the hub answered, and why it refused it. */
export type AnsweredLine = { id: string; refused?: string };
const answeredLine = (v: unknown): AnsweredLine | null =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string' ? (v as AnsweredLine) : null;
/** A line the relay reads as a record: an answered punch's id. */
const isAnswered = (v: unknown): boolean => answeredLine(v) !== null;

/**
 * The answered ids as the relay keeps them while the hub runs: the file and the set in memory
 * follow the same rule as trimForwardedLog at start. Once an append takes the log past twice
 * `keep` ids, it is rewritten atomically with the newest `keep` (AppendLog.rewrite: temp file,
 * fsync, rename) and the dropped ids leave the set too, so a hub that runs for months neither grows
 * the file nor its memory without bound, and answers a resend after the trim exactly as after a
 * restart. The newest `keep` ids are every line still needed: a resend comes at the kiosk's next
 * drain, and an older one is held for review as back-dated (see the top of this file). Appends and
 * the rewrite run in the relay's one-at-a-time queue, so no line is written while the file is
 * being replaced.
 */
export class ForwardedIds {
  private readonly lines = new Map<string, AnsweredLine>();

  private constructor(
    private readonly log: AppendLog<AnsweredLine>,
    records: AnsweredLine[],
    private readonly keep: number,
  ) {
    for (const line of records) this.lines.set(line.id, line);
  }

  static open(dataDir: string, options: { now: () => number; damage?: DamageSink; keep?: number }): ForwardedIds {
    const dir = join(dataDir, 'hub');
    const opened = AppendLog.open(dir, FORWARDED_LOG, answeredLine, options.now);
    reportDamagedLines(
      join(dir, FORWARDED_LOG),
      opened,
      {
        label: "The venue hub's list of punches taken from offline kiosks",
        consequence:
          'A punch a kiosk sends again could be taken twice: check the timesheet for a doubled punch from a kiosk that was offline.',
      },
      options.damage,
    );
    return new ForwardedIds(opened.log, opened.records, options.keep ?? FORWARDED_KEPT);
  }

  has(id: string): boolean {
    return this.lines.has(id);
  }

  /**
   * A refusal is written (fsynced) before its id counts as answered: a failed write throws with
   * nothing remembered, so the resend is judged again. An accepted punch is already applied: its id
   * counts even when the write fails, so this run answers a resend "duplicate".
   */
  add(line: AnsweredLine): void {
    const remember = () => {
      this.lines.delete(line.id);
      this.lines.set(line.id, line);
    };
    if (line.refused === undefined) remember();
    this.log.append(line);
    remember();
    if (this.lines.size > this.keep * 2) this.trim();
  }

  private trim(): void {
    // A log a newer release wrote never gets here: its append already refused.
    const kept = [...this.lines.values()].slice(-this.keep);
    try {
      this.log.rewrite(kept);
    } catch {
      // The line itself is written; the file stays long until a later append trims it.
      return;
    }
    this.lines.clear();
    for (const line of kept) this.lines.set(line.id, line);
  }

  close(): void {
    this.log.close();
  }
}

/**
 * At the hub's start, before the relay opens the log: when it holds more than twice `keep` ids, it
 * is rewritten atomically (temp file, fsync, rename) with the newest `keep` (the doubling makes each
 * rewrite pay for itself). A first line that is not a record (a header) stays in front. Left as it
 * is while a line it would drop cannot be read or the last line is torn: the relay's open keeps
 * such bytes aside first, so damage is never only deleted. Returns how many ids were dropped.
 */
export function trimForwardedLog(dataDir: string, keep = FORWARDED_KEPT): number {
  const dir = join(dataDir, 'hub');
  const path = join(dir, FORWARDED_LOG);
  if (!existsSync(path)) return 0;
  const text = readFileSync(path, 'utf8');
  if (text.length > 0 && !text.endsWith('\n')) return 0;
  const lines = text.split('\n').slice(0, -1);
  const head = lines.length > 0 && !readsAsRecord(lines[0]) ? [lines.shift()!] : [];
  // A newer release's log is never cut (storage/data-format.ts): the relay reads it as empty.
  if (head.length > 0 && newerThanThisRelease(head[0])) return 0;
  if (lines.length <= keep * 2) return 0;
  const dropped = lines.slice(0, lines.length - keep);
  if (!dropped.every(readsAsRecord)) return 0;
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, `${[...head, ...lines.slice(-keep)].join('\n')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
  fsyncDir(dir);
  return dropped.length;
}

function newerThanThisRelease(line: string): boolean {
  let header;
  try {
    header = readLogHeader(JSON.parse(line));
  } catch {
    return false;
  }
  return header !== null && checkVersion(defineFormat(FORWARDED_LOG), header.version, null).state === 'newer';
}

function readsAsRecord(line: string): boolean {
  try {
    return isAnswered(JSON.parse(line));
  } catch {
    return false;
  }
}
