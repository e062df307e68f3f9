// Settings: what the app assumes about money the spec leaves open (cents or dollars), whether
// that was detected from the service's data, and a way to change it. Never a silent guess.
import { describeMoneyUnits, type MoneyUnit } from '../../../../shared/money-units';
import { api } from '../../api-context';
import { useAppStore } from '../../store';

export function MoneyUnitsCard() {
  const money = useAppStore((s) => s.tabsSettings?.money ?? null);
  const setTabsSettings = useAppStore((s) => s.setTabsSettings);
  if (!money) return null;
  const choose = async (unit: MoneyUnit) => setTabsSettings(await api().tabsSetMoneyUnit(unit));
  return (
    <section className="card" aria-label="Money units">
      <h2>Money units</h2>
      <p data-testid="money-units">{describeMoneyUnits(money)}</p>
      <div className="choice-row" role="radiogroup" aria-label="Open money fields are in">
        {(['cents', 'dollars'] as const).map((unit) => (
          <button
            key={unit}
            role="radio"
            aria-checked={money.unit === unit}
            className={money.unit === unit ? 'choice on' : 'choice'}
            onClick={() => void choose(unit)}
          >
            {unit === 'cents' ? 'Cents (1250)' : 'Dollars (12.50)'}
          </button>
        ))}
      </div>
    </section>
  );
}
