// The files of this run that a newer release wrote: found when they are opened, and from then on
// refused to every writer of this process, so nothing this release does can overwrite, move or
// trim what it cannot read. A later open that finds the file readable again (it was replaced by
// hand, or restored) lifts the refusal. And the copy an upgrade keeps of the file as it was.
import { closeSync, copyFileSync, fsyncSync, openSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { AppError } from '../../../shared/app-error';
import { damagedStamp } from './damaged-copy';
import type { DamageReport } from './data-health';
import { fsyncDir } from './fsync-dir';

const refused = new Map<string, string>();

export function markNewer(path: string, sentence: string): void {
  refused.set(path, sentence);
}

export function clearNewer(path: string): void {
  refused.delete(path);
}

/**
 * The data-health error for a file a newer release wrote: nothing of it is kept aside (it is left
 * as it is). `subject` leads the detail ("<file> is", "checkpoint"); `outcome` says what this
 * release does without it.
 */
export function newerReport(
  path: string,
  sentence: string,
  subject: string,
  check: { version: number; writtenBy: string | null },
  outcome: string,
): DamageReport {
  return {
    key: 'newer',
    severity: 'error',
    path,
    keptAs: null,
    count: null,
    sentence,
    detail: `${subject} of format version ${check.version} (written by ${check.writtenBy ?? 'an unnamed release'}); ${outcome}`,
  };
}

/** Throws the file's sentence when a newer release wrote it; writers call this before writing. */
export function refuseIfNewer(path: string): void {
  const sentence = refused.get(path);
  if (sentence !== undefined) throw new AppError('data-damaged', sentence, { file: basename(path) });
}

/**
 * `<file>.v<N>-<time>` beside the original, byte for byte and fsynced before the upgraded file
 * replaces it, so the file as the older release wrote it exists at every moment; it stays after
 * the upgrade, for going back to that release by hand.
 */
export function keepBeforeUpgrade(path: string, version: number, now: number): string {
  const target = `${path}.v${version}-${damagedStamp(now)}`;
  copyFileSync(path, target);
  const fd = openSync(target, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  fsyncDir(dirname(path));
  return target;
}
