// A request the app stopped with while it was out: its start line keeps what the read after a
// restart needs (the tab's refunds then) and the note taken once it was allowed, through a reload
// and a compaction; the read settles it only when exactly one new refund fits, and says so.
import { afterAll, describe, expect, it } from 'vitest';
import { RequestLedger, LEDGER_KEEP_MS } from '../../electron/core/requests/request-ledger';
import { interruptedRefund, settleInterrupted } from '../../electron/core/requests/interrupted';
import type { OpenTab } from '../../shared/webhooks';
import { tempDirs } from '../support';

const dirs = tempDirs('venue-ledger-interrupted-');
afterAll(() => dirs.removeAll());

const NOW = Date.UTC(2026, 10, 20, 22, 0);
const before = { tabUuid: 'tab-1', paymentId: null, amount: 120, itemized: false, refunds: ['rp-old'] };
const refund = (id: string, amount = 120) => ({ paymentId: 'pay-1', refundPaymentId: id, amount, refundType: 'open' });

/** Starts a request whose work never ends, noting it once "approved", as a kill would leave it. */
function leaveOut(dataDir: string, key: string): void {
  const ledger = new RequestLedger({ dataDir, now: () => NOW });
  void ledger.first(
    key,
    'tabRefund',
    'fp',
    async () => {
      ledger.noteAsked();
      return new Promise(() => {});
    },
    () => false,
    () => ({ tabUuid: 'tab-1', requestId: key, approvedBy: { userId: '2001', name: 'Alex' }, items: 0 }),
    before,
  );
  ledger.close();
}

describe('requests out when the app stopped', () => {
  it('keep their start’s note through a reload and a compaction; a read settles them once', () => {
    const dataDir = dirs.make();
    leaveOut(dataDir, 'req-1');
    let now = NOW + 1_000;
    const reloaded = new RequestLedger({ dataDir, now: () => now });
    const [entry] = reloaded.interruptedEntries();
    expect(entry).toMatchObject({ key: 'req-1', state: 'unknown', before, about: { approvedBy: { name: 'Alex' } } });
    expect(entry.outcome).toMatchObject({ ok: false, error: { kind: 'outcome-unknown' } });

    let tab: Partial<OpenTab> = { refunds: [refund('rp-old')] };
    const checks = { tabRefund: interruptedRefund(() => tab as OpenTab, reloaded) };
    const heard: string[] = [];
    reloaded.onSettled((e) => heard.push(e.key));
    // Nothing new on the tab yet, then two that fit: undecided both times.
    expect(settleInterrupted(reloaded, checks)).toBe(1);
    tab = { refunds: [refund('rp-old'), refund('rp-a'), refund('rp-b')] };
    expect(settleInterrupted(reloaded, checks)).toBe(1);
    // One of another amount and one that fits: that one.
    tab = { refunds: [refund('rp-old'), refund('rp-x', 50), refund('rp-new')] };
    expect(settleInterrupted(reloaded, checks)).toBe(0);
    expect(heard).toEqual(['req-1']);
    expect(reloaded.get('req-1')).toMatchObject({
      state: 'done',
      outcome: { ok: true, result: { ok: true, refundPaymentId: 'rp-new', amount: 120 } },
      about: { approvedBy: { name: 'Alex' } },
    });
    reloaded.close();
    now += 1_000;
    expect(new RequestLedger({ dataDir, now: () => now }).get('req-1')).toMatchObject({ state: 'done' });
  });

  it('stays interrupted, with its note, when the file is compacted', () => {
    const dataDir = dirs.make();
    leaveOut(dataDir, 'req-2');
    // An older entry past the ledger's keep makes the next open compact the file.
    const old = new RequestLedger({ dataDir, now: () => NOW - 2 * LEDGER_KEEP_MS });
    void old.first(
      'old',
      'tabRefund',
      'fp',
      async () => ({ ok: true, result: null }),
      () => false,
    );
    old.close();
    const compacted = new RequestLedger({ dataDir, now: () => NOW + 1_000 });
    compacted.close();
    const again = new RequestLedger({ dataDir, now: () => NOW + 2_000 });
    expect(again.get('old')).toBeUndefined();
    expect(again.interruptedEntries()).toMatchObject([{ key: 'req-2', before, about: { requestId: 'req-2' } }]);
  });
});
