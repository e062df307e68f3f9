// One drainer per data folder. Two processes draining the same outbox would each send the same
// punches (the API has no idempotency key), so the second one refuses to start. A lock left by a
// process that died (kill -9, power cut) names a pid that no longer runs and is taken over; so is
// one whose pid now belongs to another process (after a reboot pids are reused), told apart by the
// process start time the lock records.
import { closeSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const FILE = 'labor-outbox.lock';
/** Folders this process holds, so an in-process restart (stop, then start) can take its own lock back. */
const heldHere = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * When process `pid` started, in clock ticks since boot (Linux /proc), or null where that cannot
 * be read: then only "is the pid alive" is checked.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function holder(text: string): { pid: number; start: string | null } {
  try {
    const parsed = JSON.parse(text) as { pid?: unknown; start?: unknown };
    if (typeof parsed === 'object' && parsed !== null && typeof parsed.pid === 'number') {
      return { pid: parsed.pid, start: typeof parsed.start === 'string' ? parsed.start : null };
    }
  } catch {
    // older locks hold just the pid
  }
  return { pid: Number(text.trim()), start: null };
}

/** Temp files a crash left mid-write (`<file>.<pid>.tmp`) by processes other than this one. */
function removeLeftoverTemps(dir: string): void {
  for (const name of readdirSync(dir)) {
    const m = /\.(\d+)\.tmp$/.exec(name);
    if (m && Number(m[1]) !== process.pid) rmSync(join(dir, name), { force: true });
  }
}

export function acquireOutboxLock(dir: string): () => void {
  const path = join(dir, FILE);
  if (heldHere.has(path)) throw new Error('The labor outbox of this data folder is already open in this process');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify({ pid: process.pid, start: processStart(process.pid) }));
      closeSync(fd);
      heldHere.add(path);
      // We hold the folder now: no other copy can be writing these.
      removeLeftoverTemps(dir);
      return () => {
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const { pid, start } = holder(readFileSync(path, 'utf8'));
      const sameProcess = start === null || processStart(pid) === null || processStart(pid) === start;
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) && sameProcess) {
        throw new Error(
          `Another copy of the app (process ${pid}) is using the labor outbox in ${dir}; close it first`,
          { cause: error },
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the labor outbox in ${dir}`);
}
