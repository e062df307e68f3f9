// Which notices a manager dismissed, kept in the data dir so they stay dismissed after a restart.
// Keys are event dedupe keys; only the most recent few thousand are kept (older notices have long
// left the list anyway).
import { z } from 'zod';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';

const FILE = 'dismissed-notices.json';
const MAX_KEYS = 5000;
const schema = z.object({ version: z.literal(1), keys: z.array(z.string()) });

export class DismissedNotices {
  private keys: Set<string>;

  constructor(
    private readonly dir: string,
    log?: (line: string) => void,
    damage?: DamageSink,
  ) {
    const loaded = loadJsonFile(dir, FILE, schema, () => ({ version: 1 as const, keys: [] }), {
      damage,
      label: 'The list of dismissed notices',
      consequence: 'dismissed notices may show again',
    });
    if (loaded.problem) log?.(loaded.problem.message);
    this.keys = new Set(loaded.value.keys);
  }

  has(key: string): boolean {
    return this.keys.has(key);
  }

  add(keys: string[]): void {
    for (const key of keys) {
      // Re-inserting moves a key to the end, so trimming drops the oldest dismissals.
      this.keys.delete(key);
      this.keys.add(key);
    }
    this.keys = new Set([...this.keys].slice(-MAX_KEYS));
    saveJsonFile(this.dir, FILE, { version: 1, keys: [...this.keys] });
  }
}
