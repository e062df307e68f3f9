// Declared tips are an open "number" field (shared/money-units.ts): they go out in that family's
// unit, and every tips value read is heard as evidence for it, a decimal string ("12.50") for its
// decimal point and a number for a fraction, as money in any other answer is; a write carrying
// tips waits until that unit is decided.
import type { ErrorPayload } from '../../../shared/app-error';
import { errorPayloadOf } from '../api/app-error-of';
import type { MoneyUnits } from '../money/money-units';
import type { EntryMoney } from './entry-normalize';
import type { Punch } from './punch';

export function tipsMoney(
  money: Pick<MoneyUnits, 'unitOf' | 'observe' | 'observeString' | 'requireDecided'>,
): EntryMoney {
  return {
    unit: money.unitOf('declared_tips'),
    requireDecided: () => money.requireDecided('numbers'),
    note: (value) =>
      typeof value === 'string' ? money.observeString('declared_tips', value) : money.observe('declared_tips', value),
  };
}

/**
 * Why a queued punch-out must not go yet: its tips' unit is not decided now (the connection
 * changed after the tips were taken, say). Null: it may go. The punch waits with this said rather
 * than send the tips in a unit that may store them a hundred times over.
 */
export function tipsUnitRefusal(
  p: Pick<Punch, 'kind' | 'declaredTips'>,
  money: EntryMoney | undefined,
): ErrorPayload | null {
  if (p.kind !== 'shift-end' || !p.declaredTips || money?.requireDecided === undefined) return null;
  try {
    money.requireDecided();
    return null;
  } catch (error) {
    return errorPayloadOf(error);
  }
}
