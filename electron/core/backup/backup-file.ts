// The backup file: one gzip stream of records. A record is one line of JSON, and for a file or the
// sealed part, exactly `size` bytes and a newline after it. The first record says what the backup
// is (the manifest), the last one (`end`) counts the records and carries the SHA-256 of every byte
// before it, so a backup cut short or changed is refused before anything of it is used. The file is
// written beside its name and renamed into place once fsynced: a backup is whole or absent.
import { createHash, type Hash } from 'node:crypto';
import {
  closeSync,
  createReadStream,
  createWriteStream,
  fsyncSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { once } from 'node:events';
import { createGunzip, createGzip, type Gunzip, type Gzip } from 'node:zlib';
import { appError } from '../../../shared/app-error';
import { fsyncDir } from '../storage/fsync-dir';

export const BACKUP_FORMAT = 'venue-companion-backup';
export const BACKUP_VERSION = 1;
/** What a backup file is called when the app names it. */
export const BACKUP_EXTENSION = '.venue-backup';

const MAX_LINE = 1 << 20;
const CHUNK = 1 << 20;

export type RecordHeader = Record<string, unknown> & { t: string };

export class BackupWriter {
  private readonly hash: Hash = createHash('sha256');
  private records = 0;
  private written = 0;
  private failed: Error | null = null;

  private constructor(
    private readonly path: string,
    private readonly temp: string,
    private readonly gzip: Gzip,
    private readonly done: Promise<void>,
  ) {
    gzip.on('error', (error) => (this.failed ??= error));
  }

  static open(path: string): BackupWriter {
    const temp = `${path}.${process.pid}.tmp`;
    const gzip = createGzip({ level: 6 });
    const out = createWriteStream(temp, { mode: 0o600 });
    gzip.pipe(out);
    const done = new Promise<void>((resolve, reject) => {
      out.once('finish', resolve);
      out.once('error', reject);
      gzip.once('error', reject);
    });
    // Seen by finish(); a failure before then is noted by the gzip listener too.
    done.catch(() => undefined);
    return new BackupWriter(path, temp, gzip, done);
  }

  /** Uncompressed bytes so far. */
  get size(): number {
    return this.written;
  }

  async record(header: RecordHeader, body?: Buffer): Promise<void> {
    await this.put(Buffer.from(`${JSON.stringify(body ? { ...header, size: body.length } : header)}\n`, 'utf8'));
    if (body) {
      await this.put(body);
      await this.put(Buffer.from('\n'));
    }
    this.records += 1;
  }

  /** A file record whose bytes are read from `fd` (opened when the snapshot was taken), `size` of them. */
  async recordFromFd(header: RecordHeader, fd: number, size: number): Promise<void> {
    await this.put(Buffer.from(`${JSON.stringify({ ...header, size })}\n`, 'utf8'));
    let at = 0;
    while (at < size) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK, size - at));
      const n = readSync(fd, chunk, 0, chunk.length, at);
      if (n === 0)
        throw appError(
          'data-damaged',
          `${String(header.path)} ended at ${at} bytes, before the ${size} of its snapshot`,
          {
            file: String(header.path),
          },
        );
      await this.put(n === chunk.length ? chunk : chunk.subarray(0, n));
      at += n;
    }
    await this.put(Buffer.from('\n'));
    this.records += 1;
  }

  /** The end record, then the file made durable under its name. Returns its size on disk. */
  async finish(): Promise<void> {
    const sha256 = this.hash.digest('hex');
    const end = Buffer.from(`${JSON.stringify({ t: 'end', records: this.records, sha256 })}\n`, 'utf8');
    this.gzip.end(end);
    await this.done;
    if (this.failed) throw this.failed;
    const fd = openSync(this.temp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(this.temp, this.path);
    fsyncDir(dirname(this.path));
  }

  /** A backup that failed leaves nothing behind under its name. */
  abort(): void {
    this.gzip.destroy();
    rmSync(this.temp, { force: true });
  }

  private async put(bytes: Buffer): Promise<void> {
    if (this.failed) throw this.failed;
    this.hash.update(bytes);
    this.written += bytes.length;
    if (!this.gzip.write(bytes)) await once(this.gzip, 'drain');
  }
}

/** Reads the records in order; the body of each must be taken (or skipped) before the next. */
export class BackupReader {
  private readonly hash: Hash = createHash('sha256');
  private readonly chunks: AsyncIterator<Buffer>;
  private buffered: Buffer = Buffer.alloc(0);
  private records = 0;
  private ended = false;

  private constructor(
    private readonly path: string,
    private readonly gunzip: Gunzip,
  ) {
    this.chunks = gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  static open(path: string): BackupReader {
    const gunzip = createGunzip();
    const input = createReadStream(path);
    input.on('error', (error) => gunzip.destroy(error));
    input.pipe(gunzip);
    return new BackupReader(path, gunzip);
  }

  close(): void {
    this.gunzip.destroy();
  }

  /** The next record's header; null after the end record, whose count and hash were checked. */
  async next(): Promise<RecordHeader | null> {
    if (this.ended) return null;
    const line = await this.line();
    let header: unknown;
    try {
      header = JSON.parse(line.toString('utf8'));
    } catch {
      throw this.unreadable('a record that is not JSON');
    }
    if (typeof header !== 'object' || header === null || typeof (header as { t?: unknown }).t !== 'string')
      throw this.unreadable('a record without a type');
    const record = header as RecordHeader;
    if (record.t === 'end') {
      this.ended = true;
      const sha256 = this.hash.digest('hex');
      if (record.records !== this.records || record.sha256 !== sha256)
        throw appError('data-damaged', `${this.path}: the backup's bytes do not match its end record`, {
          file: this.path,
        });
      return null;
    }
    this.hash.update(line);
    this.hash.update('\n');
    this.records += 1;
    return record;
  }

  /** The record's body, `size` bytes, handed on in pieces (a whole segment is never held at once). */
  async body(size: number, sink: (piece: Buffer) => void): Promise<void> {
    let left = size;
    while (left > 0) {
      if (this.buffered.length === 0) await this.fill();
      const piece = this.buffered.subarray(0, Math.min(left, this.buffered.length));
      this.buffered = this.buffered.subarray(piece.length);
      this.hash.update(piece);
      sink(piece);
      left -= piece.length;
    }
    if (this.buffered.length === 0) await this.fill();
    if (this.buffered[0] !== 0x0a) throw this.unreadable('a body longer than its record says');
    this.buffered = this.buffered.subarray(1);
    this.hash.update('\n');
  }

  /** The whole body in memory (the manifest's sealed part: small). */
  async bodyBytes(size: number): Promise<Buffer> {
    const pieces: Buffer[] = [];
    await this.body(size, (piece) => pieces.push(Buffer.from(piece)));
    return Buffer.concat(pieces);
  }

  private async line(): Promise<Buffer> {
    for (;;) {
      const at = this.buffered.indexOf(0x0a);
      if (at >= 0) {
        const line = this.buffered.subarray(0, at);
        this.buffered = this.buffered.subarray(at + 1);
        return line;
      }
      if (this.buffered.length > MAX_LINE) throw this.unreadable('a record line too long');
      await this.fill();
    }
  }

  private async fill(): Promise<void> {
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') throw appError('not-found', `No backup file at ${this.path}`, { what: 'backup' });
      // gzip's own end is missing: the file was cut short (a copy that stopped, a full disk).
      if (code === 'Z_BUF_ERROR')
        throw appError('data-damaged', `${this.path} ends before its end record: the backup was cut short`, {
          file: this.path,
        });
      if (code === 'Z_DATA_ERROR')
        throw appError('cannot-read', `${this.path} is not a backup of this app (${(error as Error).message})`, {
          what: 'backup',
        });
      throw error;
    }
    if (next.done)
      throw appError('data-damaged', `${this.path} ends before its end record: the backup was cut short`, {
        file: this.path,
      });
    this.buffered = this.buffered.length === 0 ? next.value : Buffer.concat([this.buffered, next.value]);
  }

  private unreadable(what: string) {
    return appError('cannot-read', `${this.path} is not a backup this app can read (${what})`, { what: 'backup' });
  }
}
