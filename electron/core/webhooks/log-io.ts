// The event log's write side as a small interface, so a test can make the disk fail (the suite runs
// as root, where a read-only directory does not stop writes) and see the listener answer 503.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

export interface LogFile {
  /** Current length in bytes (where the next group goes when the file is opened). */
  size(): Promise<number>;
  /**
   * Writes all of `data` at byte `position`; with durable writes (see createNodeLogIo) it is on
   * disk when this resolves. Two writes to different ranges may be under way at once.
   */
  writeAt(data: Buffer, position: number): Promise<void>;
  /** Makes appended data durable (fdatasync), or nothing when every append already is. */
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

export interface LogIo {
  /** Opens (creating if needed) a file for writing at the offsets the log gives. */
  openAppend(path: string): Promise<LogFile>;
  /**
   * Makes a new directory entry durable; best effort (not possible on every platform). On the
   * thread pool: an fsync on the event loop holds every answer while the journal commits.
   */
  syncDir(dir: string): Promise<void>;
}

class NodeLogFile implements LogFile {
  constructor(
    private readonly handle: FileHandle,
    private readonly durableWrites: boolean,
  ) {}

  async size(): Promise<number> {
    return (await this.handle.stat()).size;
  }

  async writeAt(data: Buffer, position: number): Promise<void> {
    let written = 0;
    while (written < data.length) {
      const { bytesWritten } = await this.handle.write(data, written, data.length - written, position + written);
      if (bytesWritten <= 0) throw new Error('the event log write made no progress');
      written += bytesWritten;
    }
  }

  sync(): Promise<void> {
    return this.durableWrites ? Promise.resolve() : this.handle.datasync();
  }

  truncate(length: number): Promise<void> {
    return this.handle.truncate(length);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/**
 * Whether the log's files are opened with O_DSYNC, so that each write returns only once its bytes
 * and the file's new length are on disk, as a write followed by fdatasync would. A group commit
 * then takes one trip to libuv's thread pool instead of two (write, back to the event loop,
 * fdatasync, back again); with the receiver saturated that was about 10 % more events a second,
 * 8 % less CPU per event and a lower p99 here (docs/performance.md). Linux only: on macOS
 * libuv's fdatasync is F_FULLFSYNC, which also empties the drive's cache and O_DSYNC does not,
 * and Windows has no O_DSYNC; both keep the write and the fdatasync.
 */
export const DURABLE_WRITES = process.platform === 'linux' && typeof constants.O_DSYNC === 'number';

/**
 * `durableWrites: false`: plain writes and an fdatasync per group (what other platforms do). No
 * O_APPEND: each group is written at the offset it was given when it was numbered, so the next
 * group can be written while the one before it is still on its way (on Linux a positional write
 * to an O_APPEND file would land at the end instead).
 */
export function createNodeLogIo(options: { durableWrites: boolean }): LogIo {
  const flags = constants.O_WRONLY | constants.O_CREAT | (options.durableWrites ? constants.O_DSYNC : 0);
  return {
    async openAppend(path) {
      return new NodeLogFile(await open(path, flags, 0o600), options.durableWrites);
    },
    async syncDir(dir) {
      try {
        const handle = await open(dir, constants.O_RDONLY);
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      } catch {
        // Windows cannot open a directory; its rename is already durable enough there.
      }
    },
  };
}

export const nodeLogIo: LogIo = createNodeLogIo({ durableWrites: DURABLE_WRITES });
