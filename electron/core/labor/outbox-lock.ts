// One drainer per data folder. Two processes draining the same outbox would each send the same
// punches (the API has no idempotency key), so the second one refuses to start. A lock left by a
// process that died (kill -9, power cut) names a pid that no longer runs and is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
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

export function acquireOutboxLock(dir: string): () => void {
  const path = join(dir, FILE);
  if (heldHere.has(path)) throw new Error('The labor outbox of this data folder is already open in this process');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(path);
      return () => {
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new Error(`Another copy of the app (process ${pid}) is using the labor outbox in ${dir}; close it first`, { cause: error });
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the labor outbox in ${dir}`);
}
