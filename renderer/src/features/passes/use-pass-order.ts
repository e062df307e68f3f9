// One pass order at a time, sent exactly once. The order is held with the id made at its press
// until its outcome is definite: an unknown outcome (no answer, a reset, a 5xx after it was sent,
// a link cut while it was out) keeps it, Send stays off, and "Check again" sends that same order
// with that same id, which the core answers with its recorded outcome or the pass's Spent read
// again, never a second order. Spent risen since the press says the order landed.
import { useCallback, useState } from 'react';
import type { OrderLineInput, PassView } from '../../../../shared/tabs';
import { formatMoney } from '../../../../shared/tabs';
import { errorPayload } from '../../../../shared/errors';
import { api } from '../../api-context';
import { failureDecides, holdRequest, type HeldRequest } from '../../hooks/once-request';
import { messageOf, useTimeOf } from '../tabs/format';
import { describe, type OrderResult } from './order-result';
import { useMoneyFamily } from '../../components/money-unit-notice';
import { moneyReadings } from '../../../../shared/money-units';

export type HeldOrder = HeldRequest<{ xPassId: string; lines: OrderLineInput[] }> & {
  /** The ticket's total and the pass's Spent when it was pressed (null: not known). */
  total: number | null;
  spentBefore: number | null;
  /** false: with the service now; true: its outcome is unknown. */
  unknown: boolean;
  /** The technical text of the answer that left it unknown. */
  detail: string | null;
  /** What the last check found. */
  checked: string | null;
};

/** A new order: a new request id, for a new press after a definite outcome or a warned second order. */
export function newOrder(pass: PassView, lines: OrderLineInput[], total: number | null): HeldOrder {
  return {
    ...holdRequest({ xPassId: pass.xPassId, lines }),
    total,
    spentBefore: pass.spent,
    unknown: false,
    detail: null,
    checked: null,
  };
}

export function usePassOrder({ onPass, onPlaced }: { onPass(pass: PassView): void; onPlaced(): void }) {
  const timeOf = useTimeOf();
  const [held, setHeld] = useState<HeldOrder | null>(null);
  const [result, setResult] = useState<OrderResult | null>(null);
  const [busy, setBusy] = useState<'send' | 'check' | null>(null);
  const units = { answers: useMoneyFamily('answers'), numbers: useMoneyFamily('numbers') };
  const spentText = (cents: number | null) => moneyReadings(cents, units.numbers, formatMoney);

  const placed = (outcome: OrderResult) => {
    setHeld(null);
    onPlaced();
    setResult(outcome);
  };

  const send = async (order: HeldOrder) => {
    setBusy('send');
    setResult(null);
    setHeld(order);
    try {
      const outcome = await api().passOrder(order.args.xPassId, order.args.lines, order.requestId);
      if (outcome.pass) onPass(outcome.pass);
      if (!outcome.ok && outcome.reason === 'uncertain') setHeld({ ...order, unknown: true, detail: outcome.alert });
      else if (outcome.ok) placed(describe(outcome, order.total, false, units));
      else {
        setHeld(null);
        setResult(describe(outcome, order.total, false, units));
      }
    } catch (error) {
      // A link cut while the order was out is the same unknown outcome as the service's 504.
      const problem = errorPayload(error);
      if (!failureDecides(problem, 'first')) setHeld({ ...order, unknown: true, detail: problem.message });
      else {
        setHeld(null);
        setResult({ tone: 'bad', title: 'The order was not sent', text: messageOf(error) });
      }
    } finally {
      setBusy(null);
    }
  };

  const checkAgain = async () => {
    const order = held;
    if (!order?.unknown || busy) return;
    setBusy('check');
    const at = timeOf(Date.now());
    try {
      let seen: PassView | null = null;
      try {
        const outcome = await api().passOrder(order.args.xPassId, order.args.lines, order.requestId);
        if (outcome.pass) onPass(outcome.pass);
        if (outcome.ok) return placed(describe(outcome, order.total, true, units));
        if (outcome.reason !== 'uncertain') {
          setHeld(null);
          return setResult(describe(outcome, order.total, true, units));
        }
        seen = outcome.pass;
      } catch (error) {
        const problem = errorPayload(error);
        if (failureDecides(problem, 'check')) {
          setHeld(null);
          return setResult({ tone: 'bad', title: 'The order was not placed', text: messageOf(error) });
        }
      }
      // Still unknown: Spent read again tells whether the order landed.
      if (!seen) {
        seen = await api()
          .passLookup(order.args.xPassId)
          .catch(() => null);
        if (seen) onPass(seen);
      }
      const before = order.spentBefore;
      if (before !== null && seen?.spent != null && seen.spent > before) {
        return placed({
          tone: 'good',
          title: 'The order went through',
          text: `Spent rose from ${spentText(before)} to ${spentText(seen.spent)}. Do not send it again.`,
        });
      }
      setHeld({
        ...order,
        checked: !seen
          ? `Checked at ${at}: still no clear answer, and the pass could not be read again.`
          : seen.spent === null
            ? `Checked at ${at}: still no clear answer. This location does not report Spent, so the app cannot tell whether the order was placed: look for it on the Tabs board or the POS.`
            : `Checked at ${at}: still no clear answer. Spent is still ${spentText(seen.spent)}: the service shows no sign of the order yet. Check again in a moment, or look on the Tabs board.`,
      });
    } finally {
      setBusy(null);
    }
  };

  /** Another location: nothing of this one's order is kept on screen. */
  const reset = useCallback(() => {
    setHeld(null);
    setResult(null);
  }, []);

  return { held, result, setResult, busy, send, checkAgain, reset };
}
