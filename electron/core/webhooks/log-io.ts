// The event log's write side as a small interface, so a test can make the disk fail (the suite runs
// as root, where a read-only directory does not stop writes) and see the listener answer 503.
import { fsyncDir } from '../storage/fsync-dir';
import { open, type FileHandle } from 'node:fs/promises';

export interface LogFile {
  /** Current length in bytes (where the next append lands). */
  size(): Promise<number>;
  /** Appends all of `data`. */
  append(data: Buffer): Promise<void>;
  /** Makes appended data durable (fdatasync). */
  sync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
}

export interface LogIo {
  /** Opens (creating if needed) a file for appending. */
  openAppend(path: string): Promise<LogFile>;
  /** Makes a new directory entry durable; best effort (not possible on every platform). */
  syncDir(dir: string): Promise<void>;
}

class NodeLogFile implements LogFile {
  constructor(private readonly handle: FileHandle) {}

  async size(): Promise<number> {
    return (await this.handle.stat()).size;
  }

  async append(data: Buffer): Promise<void> {
    let written = 0;
    while (written < data.length) {
      const { bytesWritten } = await this.handle.write(data, written, data.length - written, null);
      if (bytesWritten <= 0) throw new Error('the event log write made no progress');
      written += bytesWritten;
    }
  }

  sync(): Promise<void> {
    return this.handle.datasync();
  }

  truncate(length: number): Promise<void> {
    return this.handle.truncate(length);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

export const nodeLogIo: LogIo = {
  async openAppend(path) {
    return new NodeLogFile(await open(path, 'a', 0o600));
  },
  async syncDir(dir) {
    fsyncDir(dir);
  },
};
