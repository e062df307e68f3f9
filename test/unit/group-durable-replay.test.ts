// What a hub in a group publishes again at its start from its durable records (the request
// ledger and the labor audit log, read back from disk as after a restart): a refund with what was
// asked and who approved it, never the PIN; an edit with the entry its answer held; an edit whose
// answer was never kept (the hub stopped between the audit record and the ledger's outcome) with
// its changed times only; nothing for a refused request, nor for an edit past the ledger's day
// and a half. Each under the id it goes with live.
import { afterAll, describe, expect, it } from 'vitest';
import { RequestLedger } from '../../electron/core/requests/request-ledger';
import { AuditLog } from '../../electron/core/labor/audit-log';
import { durableMessages } from '../../electron/core/group/durable-replay';
import { refundAsked } from '../../electron/core/group/log-messages';
import type { TimesheetRow } from '../../shared/labor';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-durable-replay-');
afterAll(() => dirs.removeAll());

const NOW = Date.UTC(2026, 10, 20, 22, 0);
const HOUR = 3_600_000;
const alex = { userId: '2001', name: 'Alex Manager' };

describe('the group log published again from durable records', () => {
  it('reads refunds from the ledger and edits from the audit log, as they went live', async () => {
    const dataDir = dirs.make();
    let now = NOW - 3 * HOUR;
    const ledger = new RequestLedger({ dataDir, now: () => now });
    const input = { managerPin: '9999', amount: 120, reason: 'Wrong drink' };
    await ledger.first(
      'kiosk\u0000tabRefund\u0000req-1',
      'tabRefund',
      'fp1',
      async () => ({ ok: true, result: { ok: true, refundPaymentId: 'rp-1', amount: 120, refundType: 'open' } }),
      () => false,
      () => refundAsked('tab-1', input, 'req-1', alex),
    );
    now += HOUR;
    // Refused before the service (a wrong PIN): never a refund, live or here.
    await ledger.first(
      'kiosk\u0000tabRefund\u0000req-2',
      'tabRefund',
      'fp2',
      async () => ({ ok: false, error: { kind: 'forbidden', message: 'Wrong PIN', data: {} } as never }),
      () => false,
      () => refundAsked('tab-1', input, 'req-2', null),
    );
    const audit = new AuditLog(dataDir);
    const change = (to: string) => [{ field: 'punch_out' as const, from: null, to }];
    audit.add('shift-old', alex, change('2026-11-18T20:00:00.000Z'), NOW - 40 * HOUR);
    const answered = audit.add('shift-1', alex, change('2026-11-20T20:00:00.000Z'), NOW - HOUR, 'forgot');
    const row: TimesheetRow = {
      uuid: 'shift-1',
      kind: 'shift',
      shiftUuid: null,
      punchType: 'REGULAR',
      userId: '2002',
      name: 'Sam Server',
      role: 'Server',
      roleUuid: null,
      punchIn: NOW - 8 * HOUR,
      punchOut: Date.parse('2026-11-20T20:00:00.000Z'),
      declaredTips: null,
      audit: [answered],
    } as TimesheetRow;
    now = NOW - HOUR;
    await ledger.first(
      'desk\u0000laborEditEntry\u0000req-3',
      'laborEditEntry',
      'fp3',
      async () => ({ ok: true, result: row }),
      () => false,
    );
    // The hub stopped after this record and before its answer was kept.
    const unanswered = audit.add('shift-2', alex, change('2026-11-20T21:30:00.000Z'), NOW - HOUR / 2);
    audit.close();
    ledger.close();

    const messages = durableMessages('north', new RequestLedger({ dataDir, now: () => NOW }), dataDir, NOW);
    expect(messages.map((m) => m.msgId)).toEqual([
      'refund:req-1:accepted',
      `edit:${answered.id}`,
      `edit:${unanswered.id}`,
    ]);
    expect(messages.map((m) => m.subject)).toEqual([
      'venue.north.tabs.refund',
      'venue.north.labor.edit',
      'venue.north.labor.edit',
    ]);
    expect(messages[0].payload).toMatchObject({
      tabUuid: 'tab-1',
      askedAmount: 120,
      reason: 'Wrong drink',
      state: 'accepted',
      amount: 120,
      approvedBy: { userId: '2001', name: 'Alex Manager' },
    });
    expect(JSON.stringify(messages)).not.toContain('9999');
    expect(messages[1].payload).toMatchObject({
      reason: 'forgot',
      entry: { kind: 'shift', userId: '2002', name: 'Sam Server' },
    });
    expect(messages[2].payload).toMatchObject({
      entryUuid: 'shift-2',
      entry: null,
      changes: change('2026-11-20T21:30:00.000Z'),
    });
  });
});
