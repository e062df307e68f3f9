// A money family whose unit is not decided, said where its amounts show or its writes wait: the
// sentence of why, and a Confirm button to Settings → Money units, where the evidence of Check this
// service and the one-click choice are. Nothing shows once every family named is decided.
import {
  MONEY_FAMILIES,
  isDecided,
  undecidedSentence,
  type MoneyFamily,
  type MoneyFamilyView,
} from '../../../shared/money-units';
import { useAppStore } from '../store';

/** The id of Settings' money units card, which Confirm brings into view. */
export const MONEY_UNITS_CARD_ID = 'money-units';

/** A family's unit as the core holds it; null before the tabs settings came. */
export function useMoneyFamily(family: MoneyFamily): MoneyFamilyView | null {
  return useAppStore((s) => s.tabsSettings?.money[family] ?? null);
}

/** Opens Settings at its money units card. */
export function useConfirmMoneyUnits(): () => void {
  const navigate = useAppStore((s) => s.navigate);
  return () => {
    navigate('settings');
    // Settings draws on the next frames (and may ask for a manager first): look for the card a
    // few times rather than once.
    let tries = 0;
    const look = () => {
      const card = document.getElementById(MONEY_UNITS_CARD_ID);
      if (card) card.scrollIntoView({ block: 'start' });
      else if (++tries < 20) setTimeout(look, 50);
    };
    setTimeout(look, 0);
  };
}

export function MoneyUnitNotice({
  families,
  text,
  testId = 'money-unit-notice',
}: {
  families: readonly MoneyFamily[];
  text?: string;
  /** Where a screen has two notices (a pass's Spent, the catalog's prices), each its own. */
  testId?: string;
}) {
  const money = useAppStore((s) => s.tabsSettings?.money ?? null);
  const confirm = useConfirmMoneyUnits();
  const open = money ? MONEY_FAMILIES.filter((f) => families.includes(f) && !isDecided(money[f])) : [];
  if (open.length === 0) return null;
  return (
    <div className="warning problem" role="status" data-testid={testId}>
      {text ?? undecidedSentence(open[0])}{' '}
      <button type="button" onClick={confirm}>
        Confirm the unit
      </button>
    </div>
  );
}
