// Tips as people must see them while declared_tips' unit is not decided: both readings, never one
// of them as a fact (shared/money-units.ts moneyReadings); a decided unit shows the amount.
import { formatMoney } from '../../../../shared/money';
import { DEFAULT_MONEY_UNITS, moneyReadings } from '../../../../shared/money-units';

export function tipsMoney(cents: number | null | undefined, unknown: string | null): string {
  return unknown ? moneyReadings(cents, DEFAULT_MONEY_UNITS.numbers, formatMoney) : formatMoney(cents);
}
