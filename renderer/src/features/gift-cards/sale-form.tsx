// Sell gift cards: a spot, the cards, how the guest pays, and whether to wait for the cards in the
// answer ("wait for cards") or hand over the receipt now and let the cards arrive live.
import { useState } from 'react';
import { formatMoney, type CatalogView } from '../../../../shared/tabs';
import { api } from '../../api-context';
import { useAppStore } from '../../store';
import { draftTotal, OrderTicket, ProductPicker, type DraftLine } from '../passes/order-builder';
import { saleProblemWords } from './sale-problem-words';
import { Problem } from '../../components/problem';
import { useAction } from '../../hooks/use-action';
import { newRequestId } from '../../../../shared/request-id';

export function SaleForm({ catalog, onReload }: { catalog: CatalogView | null; onReload: () => void }) {
  // A walk-in sale needs no table: the counter spot chosen in the settings below is the default.
  const walkIn = useAppStore((s) => s.tabsSettings?.walkInSpot ?? null);
  const [picked, setSpot] = useState<{ uuid: string; name: string } | null>(null);
  const spot = picked ?? walkIn;
  const [typedSpot, setTypedSpot] = useState('');
  const [name, setName] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [paymentType, setPaymentType] = useState<'CARD' | 'CASH'>('CARD');
  const [wait, setWait] = useState(false);
  const action = useAction();
  const busy = action.busy;
  // The last sale of this ticket has an unknown outcome: selling it again needs an explicit, warned choice.
  const [unknown, setUnknown] = useState(false);
  const [confirmAgain, setConfirmAgain] = useState(false);
  const spots = catalog?.available ? catalog.spots : [];
  const spotUuid = spot?.uuid ?? typedSpot.trim();
  const total = draftTotal(lines);
  const ready = spotUuid !== '' && lines.length > 0 && total !== null && !busy;

  const sell = async () => {
    if (!ready || total === null) return;
    if (unknown && !confirmAgain) return;
    setConfirmAgain(false);
    const sale = await action.run(() =>
      api().giftCardSell(
        {
          spotUuid,
          spotName: spot?.name,
          name: name.trim() || undefined,
          lines: lines.map((l) => ({
            productUuid: l.productUuid,
            quantity: l.quantity,
            label: l.label,
            unitPrice: l.unitPrice ?? 0,
          })),
          paymentType,
          wait,
        },
        newRequestId(),
      ),
    );
    // A refused sale keeps the cart, to fix and send again; nothing was sold.
    setUnknown(sale?.state === 'unknown');
    if (sale?.state === 'failed') action.setError(saleProblemWords(sale.problem ?? sale.message).text);
    else if (sale?.state === 'unknown') {
      // The ticket stays, but sending it again is a second sale: only by an explicit, warned choice.
      action.setError(
        'Outcome unknown: the sale may or may not exist. Use Check again on it in the list (it only reads); selling this ticket again is a second sale.',
      );
    } else if (sale) {
      setLines([]);
      setName('');
    }
  };

  return (
    <section className="card sale-form" aria-label="Sell gift cards">
      <h2>Sell gift cards</h2>
      <h3>Spot{walkIn && !picked ? ` · walk-in at ${walkIn.name}` : ''}</h3>
      {spots.length > 0 ? (
        <div className="choice-row" role="radiogroup" aria-label="Spot">
          {spots.map((s) => (
            <button
              key={s.uuid}
              role="radio"
              aria-checked={spot?.uuid === s.uuid}
              className={spot?.uuid === s.uuid ? 'choice on' : 'choice'}
              onClick={() => setSpot({ uuid: s.uuid, name: s.name })}
            >
              {s.name}
            </button>
          ))}
        </div>
      ) : (
        <label className="fields">
          Spot id
          <input value={typedSpot} onChange={(e) => setTypedSpot(e.target.value)} autoComplete="off" />
        </label>
      )}
      <h3>Cards</h3>
      <ProductPicker
        catalog={catalog}
        filter={(p) => p.giftCard !== null}
        lines={lines}
        onChange={setLines}
        onReload={onReload}
      />
      {/* The checkout stays in view at 1280x800: the cart lines, the guest's name, how the guest
          pays, how the cards come, and the button. */}
      <div className="sticky-actions checkout">
        <OrderTicket lines={lines} onChange={setLines} emptyText="Tap a gift card to add it." />
        <label className="fields guest-name">
          Guest name (optional)
          <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </label>
        <div className="segmented-row">
          <Segmented
            label="Payment"
            value={paymentType}
            onChange={setPaymentType}
            options={[
              ['CARD', 'Card'],
              ['CASH', 'Cash'],
            ]}
          />
          <Segmented
            label="Card delivery"
            value={wait ? 'wait' : 'live'}
            onChange={(v) => setWait(v === 'wait')}
            options={[
              ['live', 'Issue live'],
              ['wait', 'Wait for cards'],
            ]}
          />
        </div>
        <Problem text={action.error} detail={action.detail} />
        {unknown && confirmAgain && (
          <p className="limit-warning refuse" role="alert">
            The first sale may already be paid and its cards issued. Selling again charges the guest a second time.
          </p>
        )}
        <div className="actions">
          {unknown &&
            (confirmAgain ? (
              <button className="big" onClick={() => setConfirmAgain(false)}>
                Don’t sell again
              </button>
            ) : (
              <>
                <button
                  className="big"
                  onClick={() => {
                    setUnknown(false);
                    action.setError(null);
                    setLines([]);
                    setName('');
                  }}
                >
                  Clear ticket
                </button>
                <button className="big" disabled={!ready} onClick={() => setConfirmAgain(true)}>
                  Sell again…
                </button>
              </>
            ))}
          {(!unknown || confirmAgain) && (
            <button
              className={`${unknown ? 'danger' : 'primary'} big wide`}
              disabled={!ready}
              onClick={() => void sell()}
            >
              {busy
                ? wait
                  ? 'Waiting for the cards…'
                  : 'Taking payment…'
                : unknown
                  ? 'Yes, sell a second time'
                  : !spotUuid && lines.length > 0
                    ? 'Choose a spot'
                    : `Take payment ${total === null || lines.length === 0 ? '' : formatMoney(total)}`}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

function Segmented<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (v: T) => void;
  options: [T, string][];
}) {
  return (
    <div className="segmented" role="radiogroup" aria-label={label}>
      {options.map(([v, text]) => (
        <button
          key={v}
          role="radio"
          aria-checked={value === v}
          className={value === v ? 'on' : ''}
          onClick={() => onChange(v)}
        >
          {text}
        </button>
      ))}
    </div>
  );
}
