// The core's log in the Electron app: one line per entry, with the time, appended to
// `venue-companion.log` in the system's log folder for this app (and to stderr when run from a
// terminal). It never throws back at the core: a log that cannot be written is not a reason to
// stop taking punches. The file is rolled over once it passes 5 MiB (one older file is kept).
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

const MAX_BYTES = 5 * 1024 * 1024;

export function fileLogSink(dir: string, name = 'venue-companion.log'): (line: string) => void {
  const path = join(dir, name);
  let ready = false;
  let written = 0;
  return (line) => {
    const text = `${new Date().toISOString()} ${line}\n`;
    if (process.stderr.isTTY) process.stderr.write(text);
    try {
      if (!ready) {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
        written = statSafe(path);
        ready = true;
      }
      if (written > MAX_BYTES) {
        renameSync(path, `${path}.1`);
        written = 0;
      }
      appendFileSync(path, text, { mode: 0o600 });
      written += Buffer.byteLength(text);
    } catch {
      // A full disk or a folder we may not write to: the line is lost, the app carries on.
    }
  };
}

function statSafe(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
}
