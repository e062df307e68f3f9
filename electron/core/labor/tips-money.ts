// Declared tips are an open "number" field (shared/money-units.ts): they go out in that family's
// unit, and every tips value read is heard as evidence for it, a decimal string ("12.50") for its
// decimal point and a number for a fraction, as money in any other answer is; a write carrying
// tips waits until that unit is decided.
import type { MoneyUnits } from '../money/money-units';
import type { EntryMoney } from './entry-normalize';

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
