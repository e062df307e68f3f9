// Settings: the unit of each family of money the spec leaves open (cents or dollars), the evidence
// that decided it or that nothing has yet, and a way to confirm or change it. Never a silent guess.
import {
  CENTS_BY_SPEC_SENTENCE,
  FAMILY_LABEL,
  MONEY_FAMILIES,
  describeMoneyFamily,
  type MoneyFamily,
  type MoneyUnit,
} from '../../../../shared/money-units';
import { api } from '../../api-context';
import { useAppStore } from '../../store';
import { MONEY_UNITS_CARD_ID } from '../../components/money-unit-notice';

export function MoneyUnitsCard() {
  const money = useAppStore((s) => s.tabsSettings?.money ?? null);
  const setTabsSettings = useAppStore((s) => s.setTabsSettings);
  if (!money) return null;
  const choose = async (family: MoneyFamily, unit: MoneyUnit) =>
    setTabsSettings(await api().tabsSetMoneyUnit(family, unit));
  return (
    <section className="card" aria-label="Money units" id={MONEY_UNITS_CARD_ID}>
      <h2>Money units</h2>
      <p className="muted">{CENTS_BY_SPEC_SENTENCE}</p>
      {MONEY_FAMILIES.map((family) => {
        const view = money[family];
        return (
          <div key={family} className="money-family" role="group" aria-label={FAMILY_LABEL[family]}>
            <p data-testid={`money-units-${family}`}>
              {view.source === 'default' ? <strong>Not decided. </strong> : null}
              {describeMoneyFamily(family, view)}
            </p>
            <div className="choice-row" role="radiogroup" aria-label={`${FAMILY_LABEL[family]} are in`}>
              {(['cents', 'dollars'] as const).map((unit) => {
                const on = view.source !== 'default' && view.unit === unit;
                return (
                  <button
                    key={unit}
                    role="radio"
                    aria-checked={on}
                    className={on ? 'choice on' : 'choice'}
                    onClick={() => void choose(family, unit)}
                  >
                    {unit === 'cents' ? 'Cents (1250)' : 'Dollars (12.50)'}
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}
    </section>
  );
}
