// Sell gift cards: a spot, the cards, how the guest pays, and whether to wait for the cards in the
// answer ("wait for cards") or hand over the receipt now and let the cards arrive live. A sale is a
// `once` request: its id (which is also the sale's id) is made at the press and kept with what was
// sent until the outcome is definite; an unknown outcome shows UnknownOutcome, whose Check again
// sends that same sale again, which the core answers by reading its tab, never by selling twice.
import { useState } from 'react';
import { formatMoney, type CatalogView, type GiftCardSale, type GiftCardSaleInput } from '../../../../shared/tabs';
import { api } from '../../api-context';
import { useAppStore } from '../../store';
import {
  draftTotal,
  OrderTicket,
  PRICES_UNIT_TEXT,
  ProductPicker,
  unsurePrice,
  type DraftLine,
} from '../passes/order-builder';
import { MoneyUnitNotice, useMoneyFamily } from '../../components/money-unit-notice';
import { saleProblemWords } from './sale-problem-words';
import { Problem } from '../../components/problem';
import { UnknownOutcome } from '../../components/unknown-outcome';
import { useAction } from '../../hooks/use-action';
import { errorPayload, staffWords } from '../../../../shared/errors';
import { failureDecides, holdRequest, type HeldRequest } from '../../hooks/once-request';
import { useTimeOf } from '../tabs/format';

/** The sale as it left, until its outcome is definite. */
type HeldSale = HeldRequest<GiftCardSaleInput> & { unknown: boolean; detail: string | null; checked: string | null };

const heldTotal = (sale: HeldSale) => sale.args.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);

export function SaleForm({ catalog, onReload }: { catalog: CatalogView | null; onReload: () => void }) {
  // A walk-in sale needs no table: the counter spot chosen in the settings below is the default.
  const walkIn = useAppStore((s) => s.tabsSettings?.walkInSpot ?? null);
  const timeOf = useTimeOf();
  const [picked, setSpot] = useState<{ uuid: string; name: string } | null>(null);
  const spot = picked ?? walkIn;
  const [typedSpot, setTypedSpot] = useState('');
  const [name, setName] = useState('');
  const [lines, setLines] = useState<DraftLine[]>([]);
  const [paymentType, setPaymentType] = useState<'CARD' | 'CASH'>('CARD');
  const [wait, setWait] = useState(false);
  const action = useAction();
  const [held, setHeld] = useState<HeldSale | null>(null);
  const [busy, setBusy] = useState<'sending' | 'checking' | null>(null);
  // What a check that decided an unknown sale found, until the next sale.
  const [settled, setSettled] = useState<string | null>(null);
  const spots = catalog?.available ? catalog.spots : [];
  const spotUuid = spot?.uuid ?? typedSpot.trim();
  const total = draftTotal(lines);
  // Catalog prices are amounts the service answers with: while that unit is open the ticket shows
  // both readings, and the button names no one amount.
  const prices = useMoneyFamily('answers');
  const factTotal = lines.some((l) => unsurePrice(l, prices)) ? null : total;
  const ready = spotUuid !== '' && lines.length > 0 && total !== null && busy === null;

  const clearTicket = () => {
    setLines([]);
    setName('');
  };

  /** A decided sale: the ticket goes when it was sold; a refused one stays, to fix and sell again. */
  const decided = (sale: GiftCardSale) => {
    setHeld(null);
    if (sale.state === 'failed') action.setError(saleProblemWords(sale.problem ?? sale.message).text);
    else clearTicket();
  };

  const sell = async (request: HeldRequest<GiftCardSaleInput>) => {
    setHeld({ ...request, unknown: false, detail: null, checked: null });
    action.setError(null);
    setSettled(null);
    setBusy('sending');
    try {
      const sale = await api().giftCardSell(request.args, request.requestId);
      if (sale.state === 'unknown') setHeld({ ...request, unknown: true, detail: sale.message, checked: null });
      else decided(sale);
    } catch (error) {
      // A link cut while the sale was out is the same unknown outcome as the service's 504.
      const problem = errorPayload(error);
      if (!failureDecides(problem, 'first'))
        setHeld({ ...request, unknown: true, detail: problem.message, checked: null });
      else {
        setHeld(null);
        action.setError(problem);
      }
    } finally {
      setBusy(null);
    }
  };

  // A new sale, with a new request id: Take payment is off while one is out or its outcome unknown.
  const sellNew = () => {
    if (!ready || total === null) return;
    void sell(
      holdRequest({
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
      }),
    );
  };
  const press = () => {
    if (held === null) sellNew();
  };

  // The same sale again: the core reads its tab for cards, never sells again.
  const checkAgain = async () => {
    if (!held?.unknown || busy) return;
    const request = held;
    const at = timeOf(Date.now());
    setBusy('checking');
    try {
      const sale = await api().giftCardSell(request.args, request.requestId);
      if (sale.state !== 'unknown') {
        decided(sale);
        if (sale.state !== 'failed')
          setSettled('The sale went through: its cards are in Recent sales. Do not sell it again.');
      } else {
        const said = sale.problem ?? sale.message;
        setHeld({
          ...request,
          checked: `Checked at ${at}: still no clear answer.${said ? ` ${staffWords(said).text}` : ''}`,
        });
      }
    } catch (error) {
      const problem = errorPayload(error);
      if (failureDecides(problem, 'check')) {
        setHeld(null);
        action.setError(problem);
      } else setHeld({ ...request, checked: `Checked at ${at}: still no clear answer (${staffWords(error).text})` });
    } finally {
      setBusy(null);
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
        prices={prices}
      />
      <MoneyUnitNotice families={['answers']} text={PRICES_UNIT_TEXT} testId="prices-unit-notice" />
      {/* The checkout stays in view at 1280x800: the cart lines, the guest's name, how the guest
          pays, how the cards come, and the button. */}
      <div className="sticky-actions checkout" data-testid="checkout">
        <OrderTicket lines={lines} onChange={setLines} emptyText="Tap a gift card to add it." prices={prices} />
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
        {settled && (
          <p className="result-box good" role="status" data-testid="sale-settled">
            {settled}
          </p>
        )}
        {held?.unknown && (
          <UnknownOutcome
            words={{
              title: 'This sale may have been made',
              text: `No clear answer came back for the sale of ${formatMoney(heldTotal(held))}, so the guest may have paid and the cards may be issued. Check again asks for its outcome and reads its tab; it never sells twice. Take payment stays off until the outcome is known.`,
              check: 'Check again',
              checking: 'Checking…',
              details: 'Details',
            }}
            checked={held.checked}
            detail={held.detail}
            busy={busy !== null}
            onCheck={() => void checkAgain()}
            buttonClass="big"
            second={
              ready
                ? {
                    offer: 'Sell again…',
                    warning:
                      'The first sale may already be paid and its cards issued. Selling again charges the guest a second time.',
                    confirm: 'Yes, sell a second time',
                    cancel: 'Don’t sell again',
                    onConfirm: sellNew,
                  }
                : undefined
            }
          />
        )}
        <div className="actions">
          {held?.unknown && (
            // The sale stays in the list as "Outcome unknown"; this ticket starts afresh.
            <button
              className="big"
              disabled={busy !== null}
              onClick={() => {
                setHeld(null);
                setSettled(null);
                clearTicket();
              }}
            >
              Clear ticket
            </button>
          )}
          <button className="primary big wide" disabled={!ready || held !== null} onClick={press}>
            {busy === 'sending'
              ? wait
                ? 'Waiting for the cards…'
                : 'Taking payment…'
              : !spotUuid && lines.length > 0
                ? 'Choose a spot'
                : `Take payment ${factTotal === null || lines.length === 0 ? '' : formatMoney(factTotal)}`}
          </button>
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
