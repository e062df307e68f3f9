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

export const FORWARDED_LOG = 'forwarded-punches.log';
export const FORWARDED_KEPT = 50_000;

/** A line the relay reads as a record: an answered punch's id. */
const isAnswered = (v: unknown): boolean =>
  typeof v === 'object' && v !== null && typeof (v as { id?: unknown }).id === 'string';

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
