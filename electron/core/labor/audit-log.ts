// Every manager edit of a labor entry: who, when, old → new. The service keeps no history we can
// read, so this kiosk keeps its own, append-only and fsynced like the outbox.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AuditChange, AuditRecord } from '../../../shared/labor';
import type { AppendLog } from './append-log';
import type { DamageSink } from '../storage/data-health';
import { openRecordLog } from './record-log';

const FILE = 'labor-audit.log';

const value = z.union([z.string(), z.number(), z.null()]);
const recordSchema = z.object({
  id: z.string(),
  entryUuid: z.string(),
  at: z.number(),
  byUserId: z.string(),
  byName: z.string(),
  changes: z.array(
    z.object({
      field: z.enum(['punch_in', 'punch_out', 'user_role_uuid', 'time_punch_type', 'declared_tips']),
      from: value,
      to: value,
    }),
  ),
  reason: z.string().nullable().optional(),
});

export class AuditLog {
  private readonly log: AppendLog<AuditRecord>;
  private readonly byEntry = new Map<string, AuditRecord[]>();

  constructor(dir: string, log?: (line: string) => void, damage?: DamageSink) {
    const opened = openRecordLog<AuditRecord>({
      dir,
      file: FILE,
      parse: (raw) => {
        const parsed = recordSchema.safeParse(raw);
        return parsed.success ? { ...parsed.data, reason: parsed.data.reason ?? null } : null;
      },
      words: { logName: 'labor audit', noun: ['record', 'records'], of: 'of who edited the timesheet' },
      log,
      damage,
    });
    this.log = opened.log;
    for (const r of opened.records) this.index(r);
  }

  add(
    entryUuid: string,
    by: { userId: string; name: string },
    changes: AuditChange[],
    at: number,
    reason: string | null = null,
  ): AuditRecord {
    const record: AuditRecord = {
      id: randomUUID(),
      entryUuid,
      at,
      byUserId: by.userId,
      byName: by.name,
      changes,
      reason,
    };
    this.log.append(record);
    this.index(record);
    return record;
  }

  forEntry(entryUuid: string): AuditRecord[] {
    return this.byEntry.get(entryUuid) ?? [];
  }

  close(): void {
    this.log.close();
  }

  private index(r: AuditRecord): void {
    const list = this.byEntry.get(r.entryUuid) ?? [];
    list.push(r);
    this.byEntry.set(r.entryUuid, list);
  }
}

/**
 * The records made at or after `since`, read from the file without opening it for writing (a
 * group's log publishes edits from them after a restart). Lines it cannot read are skipped here:
 * the labor service's own AuditLog reports and keeps them aside.
 */
export function readAuditSince(dir: string, since: number): AuditRecord[] {
  const path = join(dir, FILE);
  if (!existsSync(path)) return [];
  const records: AuditRecord[] = [];
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = recordSchema.safeParse(raw);
    if (parsed.success && parsed.data.at >= since) records.push({ ...parsed.data, reason: parsed.data.reason ?? null });
  }
  return records;
}
