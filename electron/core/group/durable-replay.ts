// What the hub publishes again at each start from its own durable records, for the moment a hub
// stops between a service's answer and the publish (kill -9, power): refunds and timesheet edits
// live in memory only until the venue's stream confirms them, but their outcomes are on disk
// before anyone is answered, in the request ledger (a refund with its ledger note: what was asked
// and who approved) and the labor audit log (every edit). Each message carries the id it would
// have gone with live, so one already in the venue's stream is dropped by its duplicate window,
// one older than that by the office (its read models apply an id once), and one the published
// log noted is not sent at all.
import type { RefundOutcome } from '../../../shared/tabs';
import type { AuditRecord, TimesheetRow } from '../../../shared/labor';
import type { RequestLedger } from '../requests/request-ledger';
import { LEDGER_KEEP_MS } from '../requests/request-ledger';
import { readAuditSince } from '../labor/audit-log';
import type { Outgoing } from './publish-queue';
import { auditEditMessage, editMessage, isRefundAsked, refundMessage, type EntryKeys } from './log-messages';

const latestAudit = (row: TimesheetRow): AuditRecord | undefined => [...row.audit].sort((a, b) => a.at - b.at).at(-1);

/** Refunds and edits the ledger and the audit log hold, oldest first. */
export function durableMessages(
  venueId: string,
  ledger: RequestLedger,
  dataDir: string,
  now: number,
  keysOf: EntryKeys = () => [],
): Outgoing[] {
  const found: { at: number; message: Outgoing }[] = [];
  for (const e of ledger.entriesOf('tabRefund')) {
    // An error (a wrong PIN, a refusal before the service) was never a refund, live or here; a
    // refund noted before notes were kept has no tab to name.
    if (!e.outcome?.ok || !isRefundAsked(e.about)) continue;
    found.push({ at: e.at, message: refundMessage(venueId, e.about, e.outcome.result as RefundOutcome, e.at) });
  }
  // The entry after an edit is in its answer; an edit whose answer was never kept (the hub
  // stopped between the audit record and the ledger's outcome) goes with its changed times.
  const answered = new Map<string, TimesheetRow>();
  for (const e of ledger.entriesOf('laborEditEntry')) {
    if (!e.outcome?.ok) continue;
    const row = e.outcome.result as TimesheetRow;
    const audit = row && Array.isArray(row.audit) ? latestAudit(row) : undefined;
    if (audit) answered.set(audit.id, row);
  }
  // The ledger keeps a day and a half; older edits went out long ago (or before the group).
  for (const audit of readAuditSince(dataDir, now - LEDGER_KEEP_MS)) {
    const row = answered.get(audit.id);
    const message = (row && editMessage(venueId, row, keysOf, audit)) ?? auditEditMessage(venueId, audit, keysOf);
    found.push({ at: audit.at, message });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.message);
}
