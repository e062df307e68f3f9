// A small append-only file of JSON lines, fsynced per line: what a satellite queues and what the
// hub has accepted must survive a power cut the moment the call returns. A torn last line (cut
// mid-write) is skipped, never a reason to lose the lines before it.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export function readLines<T>(path: string): T[] {
  if (!existsSync(path)) return [];
  const out: T[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line) as T);
    } catch {
      // a torn line: the write it belonged to never returned, so nobody was told it was kept
    }
  }
  return out;
}

export class AppendOnly {
  private fd: number | null = null;

  constructor(private readonly path: string) {}

  append(value: unknown): void {
    if (this.fd === null) {
      mkdirSync(dirname(this.path), { recursive: true });
      // A torn tail from a crash: start on a fresh line so the next record parses.
      const torn =
        existsSync(this.path) && !readFileSync(this.path, 'utf8').endsWith('\n') && readFileSync(this.path).length > 0;
      this.fd = openSync(this.path, 'a', 0o600);
      if (torn) writeSync(this.fd, '\n');
    }
    writeSync(this.fd, `${JSON.stringify(value)}\n`);
    fsyncSync(this.fd);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
