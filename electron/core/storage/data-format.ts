// Every file of the data folder has a format: a name and the version this build writes, reached
// from version 1 by an ordered list of steps (vN → vN+1), each a pure function on the parsed
// value. A file says its version (a JSON document in its `version` field, a log in a header line;
// none said is version 1) and which release wrote it (`writtenBy`). An older file is upgraded step
// by step; a newer one is never changed, because this build cannot know what its fields mean now.
import packageJson from '../../../package.json' with { type: 'json' };

/** This build's release, as package.json names it: written beside every version. */
export const APP_VERSION: string = packageJson.version;

/** One step: a value of version N in, the same data as version N + 1 out. Never mutates its input. */
export type Migration = (value: unknown) => unknown;

export interface DataFormat {
  /** What the file holds, in a log's header line and in messages: 'labor-audit.log'. */
  name: string;
  /** The version this build reads and writes: one more than the number of steps. */
  version: number;
  /** steps[i] turns version i + 1 into version i + 2. */
  steps: readonly Migration[];
}

/** A format whose version is 1 + its steps, so the two cannot disagree. */
export function defineFormat(name: string, steps: readonly Migration[] = []): DataFormat {
  return { name, version: steps.length + 1, steps };
}

/** What a file's version says about this build and it. */
export type FormatCheck =
  | { state: 'current' }
  | { state: 'older'; from: number }
  | { state: 'newer'; version: number; writtenBy: string | null }
  | { state: 'unreadable'; reason: string };

/** The version and writer a parsed JSON document carries (no `version`: version 1). */
export function checkDocument(format: DataFormat, value: unknown): FormatCheck {
  const fields = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  const version = 'version' in fields ? fields.version : 1;
  const writtenBy = 'writtenBy' in fields && typeof fields.writtenBy === 'string' ? fields.writtenBy : null;
  return checkVersion(format, version, writtenBy);
}

export function checkVersion(format: DataFormat, version: unknown, writtenBy: string | null): FormatCheck {
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1)
    return { state: 'unreadable', reason: `version: ${JSON.stringify(version)} is not a format version` };
  if (version > format.version) return { state: 'newer', version, writtenBy };
  return version < format.version ? { state: 'older', from: version } : { state: 'current' };
}

/**
 * The value at `from` brought to the format's version, one step at a time. A document's `version`
 * is set after each step, so a step never has to, and each sees the version it was written for.
 */
export function upgrade(format: DataFormat, value: unknown, from: number): unknown {
  let current = value;
  for (let v = from; v < format.version; v++) {
    current = format.steps[v - 1](current);
    if (typeof current === 'object' && current !== null && !Array.isArray(current))
      current = { ...current, version: v + 1 };
  }
  return current;
}

/**
 * A document as it is written: `version` and `writtenBy` first. Only a document that carries a
 * version is stamped (or one whose format was named): a file without one (the secrets' map, the
 * connection settings) stays the shape that older releases read, and counts as version 1. Without
 * a format the document's own version is kept; with one, the two must agree.
 */
export function stampDocument(value: unknown, format: DataFormat | undefined, name: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  if (!format && !('version' in value)) return value;
  const { version, writtenBy: _writtenBy, ...rest } = value as { version?: unknown; writtenBy?: unknown };
  // A store writing another version than its format declares would label data it never migrated.
  if (format && version !== undefined && version !== format.version)
    throw new Error(`${name}: a document of version ${String(version)} written as format version ${format.version}`);
  return { version: format?.version ?? version, writtenBy: APP_VERSION, ...rest };
}

/** A log's first line when its format is past version 1 (a log without one is version 1). */
export interface LogHeader {
  format: string;
  version: number;
  writtenBy?: string;
}

export function logHeader(format: DataFormat): LogHeader {
  return { format: format.name, version: format.version, writtenBy: APP_VERSION };
}

/** The header, when this parsed first line is one: only those three fields, nothing of a record. */
export function readLogHeader(value: unknown): LogHeader | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.format !== 'string' || !Number.isInteger(v.version) || (v.version as number) < 1) return null;
  if (Object.keys(v).some((key) => key !== 'format' && key !== 'version' && key !== 'writtenBy')) return null;
  const writtenBy = typeof v.writtenBy === 'string' ? { writtenBy: v.writtenBy } : {};
  return { format: v.format, version: v.version as number, ...writtenBy };
}

/** What a person is told about a file a newer release wrote (the data-health notice, the refusal). */
export function newerSentence(label: string, check: { version: number; writtenBy: string | null }): string {
  const by = check.writtenBy ? `release ${check.writtenBy}` : 'a newer release';
  return `${label}: written by ${by} of the app (format version ${check.version}), newer than this release (${APP_VERSION}). It is left exactly as it is and nothing changes it while this release runs; update the app on this computer to use it.`;
}
