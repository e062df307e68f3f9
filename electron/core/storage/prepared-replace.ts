// A file replaced in two steps, for writes that must not hold the event loop: `prepareReplace`
// writes and fsyncs a temporary file beside it on libuv's thread pool; `commit` renames it into
// place synchronously, so the caller decides the turn in which the new content appears (with its
// change in memory, for a backup's synchronous pass to see both or neither). The rename's
// directory entry is the caller's to make durable.
import { renameSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';

export interface PreparedReplace {
  commit(): void;
  abandon(): void;
}

export async function prepareReplace(path: string, parts: readonly Buffer[]): Promise<PreparedReplace> {
  const temp = `${path}.${process.pid}.tmp`;
  const handle = await open(temp, 'w', 0o600);
  try {
    let at = 0;
    for (const part of parts) {
      let written = 0;
      while (written < part.length) {
        const { bytesWritten } = await handle.write(part, written, part.length - written, at + written);
        if (bytesWritten <= 0) throw new Error(`${path}: a write made no progress`);
        written += bytesWritten;
      }
      at += part.length;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return {
    commit: () => renameSync(temp, path),
    abandon: () => void unlink(temp).catch(() => {}),
  };
}
