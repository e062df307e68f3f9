// Plain-JSON shapes of a small projection's map (gift cards, notices) for checkpoints
// (projection-checkpoint.ts; the open tabs have a compact codec of their own). The file is guarded
// by a checksum, so these readers only check what a format change could break (arrays of pairs);
// a value that does not fit throws, and the caller replays the log instead.
export type Entries<V> = [string, V][];

export function entriesOf<V>(map: ReadonlyMap<string, V>): Entries<V> {
  return [...map];
}

function pairs(value: unknown, what: string): [string, unknown][] {
  if (!Array.isArray(value)) throw new Error(`checkpoint: ${what} is not a list`);
  for (const pair of value)
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== 'string')
      throw new Error(`checkpoint: ${what} holds a malformed entry`);
  return value as [string, unknown][];
}

/** Refills `map` from entries (cleared first). */
export function fillMap<V>(map: Map<string, V>, value: unknown, what: string): void {
  const list = pairs(value, what);
  map.clear();
  for (const [key, v] of list) map.set(key, v as V);
}

/** A state written by another version of a projection: not damage, just rebuilt once. */
export class CheckpointFormatChanged extends Error {}

export function record(value: unknown, format: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) throw new Error('checkpoint: not an object');
  const r = value as Record<string, unknown>;
  if (r.format !== format)
    throw new CheckpointFormatChanged(`format ${String(r.format)}, this version reads ${format}`);
  return r;
}

/** snapshot/restore/reset of a projection whose whole state is one map (gift cards, notices). */
export function mapCheckpoint<V>(map: Map<string, V>, format: string, field: string) {
  return {
    snapshot: (): unknown => ({ format, [field]: entriesOf(map) }),
    restore: (state: unknown): void => {
      try {
        fillMap(map, record(state, format)[field], field);
      } catch (error) {
        map.clear();
        throw error;
      }
    },
    reset: (): void => map.clear(),
  };
}
