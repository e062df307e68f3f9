// fsync a directory so a file created or renamed in it is itself durable after a crash.
import { closeSync, fsyncSync, openSync } from 'node:fs';

export function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows cannot open a directory; its rename is already durable enough there.
  }
}
