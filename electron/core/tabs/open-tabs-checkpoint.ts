// The open-tabs facts in a checkpoint, compact: every string (tab, item and order ids, names, the
// rank's key) is written once in a table and referred to by number, and each map is one flat list
// of numbers. At 100 000 events that is a fraction of the size of the maps as JSON objects, and
// reading it back allocates one string per distinct value instead of one per mention.
import type { StringTable } from '../string-table';
import type { Rank } from './ranked';

/** How a fact's fields are written: a string (or null), a number, a rank, or a list of strings. */
type Kind = 'str' | 'num' | 'rank' | 'strs';
export type FactShape = readonly (readonly [field: string, kind: Kind])[];

function str(strings: readonly string[], id: number): string | null {
  if (id === -1) return null;
  const value = strings[id];
  if (value === undefined) throw new Error('checkpoint: a string reference is out of range');
  return value;
}

/** Map<key, fact> → [key, fields…] per entry, flattened. */
export function encodeFacts(map: ReadonlyMap<string, object>, shape: FactShape, table: StringTable): number[] {
  const out: number[] = [];
  for (const [key, fact] of map) {
    out.push(table.id(key));
    const record = fact as Record<string, unknown>;
    for (const [field, kind] of shape) {
      const value = record[field];
      if (kind === 'str') out.push(table.id((value as string | null | undefined) ?? null));
      else if (kind === 'num') out.push(value as number);
      else if (kind === 'rank') out.push((value as Rank)[0], table.id((value as Rank)[1]));
      else {
        const list = value as string[];
        out.push(list.length, ...list.map((s) => table.id(s)));
      }
    }
  }
  return out;
}

export function decodeFacts<V>(
  flat: unknown,
  shape: FactShape,
  strings: readonly string[],
  into: Map<string, V>,
): void {
  if (!Array.isArray(flat)) throw new Error('checkpoint: a fact list is missing');
  const n = flat as number[];
  into.clear();
  let i = 0;
  while (i < n.length) {
    const key = str(strings, n[i++]) as string;
    const fact: Record<string, unknown> = {};
    for (const [field, kind] of shape) {
      if (kind === 'str') fact[field] = str(strings, n[i++]);
      else if (kind === 'num') fact[field] = n[i++];
      else if (kind === 'rank') {
        const ms = n[i++];
        fact[field] = [ms, str(strings, n[i++])] as Rank;
      } else {
        const count = n[i++];
        const list: string[] = [];
        for (let k = 0; k < count; k++) list.push(str(strings, n[i++]) as string);
        fact[field] = list;
      }
    }
    if (typeof key !== 'string' || i > n.length) throw new Error('checkpoint: a fact list is cut short');
    into.set(key, fact as V);
  }
}

/** Map<key, string> (openedAt, closedAt). */
export function encodeStrings(map: ReadonlyMap<string, string>, table: StringTable): number[] {
  const out: number[] = [];
  for (const [key, value] of map) out.push(table.id(key), table.id(value));
  return out;
}

export function decodeStrings(flat: unknown, strings: readonly string[], into: Map<string, string>): void {
  if (!Array.isArray(flat) || flat.length % 2 !== 0) throw new Error('checkpoint: a list of times is malformed');
  into.clear();
  for (let i = 0; i < flat.length; i += 2)
    into.set(str(strings, flat[i]) as string, str(strings, flat[i + 1]) as string);
}

/** Map<key, Set<string>> (the indexes). */
export function encodeSets(map: ReadonlyMap<string, ReadonlySet<string>>, table: StringTable): number[] {
  const out: number[] = [];
  for (const [key, set] of map) {
    out.push(table.id(key), set.size);
    for (const value of set) out.push(table.id(value));
  }
  return out;
}

export function decodeSets(flat: unknown, strings: readonly string[], into: Map<string, Set<string>>): void {
  if (!Array.isArray(flat)) throw new Error('checkpoint: an index is missing');
  const n = flat as number[];
  into.clear();
  let i = 0;
  while (i < n.length) {
    const key = str(strings, n[i++]) as string;
    const count = n[i++];
    const set = new Set<string>();
    for (let k = 0; k < count; k++) set.add(str(strings, n[i++]) as string);
    if (i > n.length) throw new Error('checkpoint: an index is cut short');
    into.set(key, set);
  }
}
