// Passes: scan a tab pass, see its limit, build an order and send it. Before sending, a warning
// says what the service will do when the order goes over the limit; the service still decides.
// A refusal is shown in the service's own words, and spent is read again after every order. An
// order whose outcome is unknown keeps its request id (use-pass-order.ts) and shows UnknownOutcome.
// Layout: the pass and the ticket (with Send) on the left, always in view; products on the right.
import { useEffect, useRef, useState } from 'react';
import { formatMoney, limitWarning, type PassView } from '../../../../shared/tabs';
import { api } from '../../api-context';
import { UnknownOutcome } from '../../components/unknown-outcome';
import { messageOf } from '../tabs/format';
import { LocationBar, useTabsLocation } from '../tabs/location-bar';
import { useCatalog } from '../tabs/use-catalog';
import { draftTotal, OrderTicket, PRICES_UNIT_TEXT, ProductPicker, unsurePrice, type DraftLine } from './order-builder';
import { isDecided } from '../../../../shared/money-units';
import { MoneyUnitNotice, useMoneyFamily } from '../../components/money-unit-notice';
import { ResultBox, sendLabel, type OrderResult } from './order-result';
import { PassCard } from './pass-card';
import { PassScan } from './pass-scan';
import { newOrder, usePassOrder } from './use-pass-order';
import { useWedgeScan } from './use-wedge-scan';

const UNSURE_LIMIT =
  'This service’s money units are not confirmed yet, so the app cannot tell whether this order stays under the limit. The service checks it.';

export function PassesScreen() {
  const location = useTabsLocation();
  const { catalog, reload } = useCatalog(location?.uuid ?? null);
  const [pass, setPass] = useState<PassView | null>(null);
  const [lines, setLinesState] = useState<DraftLine[]>([]);
  const [looking, setLooking] = useState(false);
  const [lookupError, setLookupError] = useState<OrderResult | null>(null);
  const order = usePassOrder({ onPass: setPass, onPlaced: () => setLinesState([]) });
  const { held, result, setResult } = order;
  // The unknown-outcome box is not stuck to the bottom (it would cover the order's lines): it is
  // brought into view as it appears, with Check again. (jsdom has no scrollIntoView.)
  const actionsRef = useRef<HTMLDivElement>(null);
  const unknown = held?.unknown ?? false;
  useEffect(() => {
    if (unknown) actionsRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [unknown]);
  const busy = looking || order.busy !== null;
  // A changed order makes the last answer stale: it is cleared so it cannot be misread.
  const setLines = (next: DraftLine[]) => {
    setLinesState(next);
    setResult(null);
  };

  const lookup = async (id: string) => {
    setLooking(true);
    setLookupError(null);
    setResult(null);
    try {
      setPass(await api().passLookup(id));
    } catch (error) {
      setPass(null);
      setLookupError({ tone: 'bad', title: `Pass ${id} could not be read`, text: messageOf(error) });
    } finally {
      setLooking(false);
    }
  };
  useWedgeScan((code) => void lookup(code));
  // A pass belongs to one location: a new location starts from a clean slate.
  const resetOrder = order.reset;
  useEffect(() => {
    setPass(null);
    setLinesState([]);
    setLookupError(null);
    resetOrder();
  }, [location?.uuid, resetOrder]);

  const total = draftTotal(lines);
  const prices = useMoneyFamily('answers');
  const spentUnit = useMoneyFamily('numbers');
  // Read in a unit not decided, the spent and the catalog prices are the lower of their two
  // readings (assumed cents), so an order they show over the limit is over it, but one they show
  // under it may not be: the app says it cannot tell rather than show no warning.
  const unsure = lines.some((l) => unsurePrice(l, prices)) || (spentUnit !== null && !isDecided(spentUnit));
  const checked = pass ? limitWarning(pass, total) : null;
  // The total as one amount, for the button and the answers: none while a price's unit is open.
  const factTotal = lines.some((l) => unsurePrice(l, prices)) ? null : total;
  const warning =
    checked === null && unsure && pass?.limit.kind === 'limit' && lines.length > 0
      ? { level: 'unchecked' as const, text: UNSURE_LIMIT }
      : checked;
  // Whenever the app says the service will refuse this order (a 'pre' pass it would take past its
  // limit, a 'post' pass whose limit is used), Send is off: one rule for both modes, since offering
  // "Send anyway" beside "the service will refuse" only invites a refusal the screen predicted.
  const refuses = lines.length > 0 && warning?.level === 'refuse';
  const limitUsed = pass?.limit.kind === 'limit' && pass.limit.mode === 'post';

  // A new order, with a new request id: Send is off while one is out or its outcome unknown.
  const send = () => {
    if (!pass || lines.length === 0) return;
    void order.send(
      newOrder(
        pass,
        lines.map((l) => ({ productUuid: l.productUuid, quantity: l.quantity })),
        factTotal,
      ),
    );
  };

  return (
    <section className="screen tabs-feature passes-screen">
      <div className="screen-head">
        <h1>Passes</h1>
        <LocationBar />
      </div>
      {!location ? (
        <p className="empty">Choose the location this till serves to scan passes.</p>
      ) : (
        <div className="two-columns">
          <div className="column">
            <PassScan busy={looking} onLookup={(id) => void lookup(id)} />
            {lookupError && <ResultBox result={lookupError} />}
            {pass && <PassCard pass={pass} />}
            <section className="card ticket" aria-label="Order">
              <h2>Order</h2>
              <OrderTicket
                prices={prices}
                lines={lines}
                onChange={setLines}
                emptyText={pass ? 'Tap products to add them.' : 'Scan a pass, then tap products.'}
              />
              {/* The answer or the warning sits with the button, so neither can scroll out of sight
                  (an unknown outcome excepted: see tabs.css). */}
              <div className="sticky-actions" ref={actionsRef}>
                {held?.unknown ? (
                  <UnknownOutcome
                    words={{
                      title: 'This order may have been placed',
                      text: `No clear answer came back for the order${held.total !== null ? ` of ${formatMoney(held.total)}` : ''} on pass ${held.args.xPassId}, so it may or may not be on the pass. Check again asks for its outcome and reads Spent; it never orders twice. Send stays off until the outcome is known.`,
                      check: 'Check again',
                      checking: 'Checking…',
                      details: 'Details',
                    }}
                    checked={held.checked}
                    detail={held.detail}
                    busy={busy}
                    onCheck={() => void order.checkAgain()}
                    buttonClass="big"
                    second={
                      pass && lines.length > 0
                        ? {
                            offer: 'Send again…',
                            warning: `The first order may already be on the pass. Sending again places a second order${factTotal !== null ? ` of ${formatMoney(factTotal)}` : ''}: the guest may pay twice.`,
                            confirm: 'Yes, send a second order',
                            cancel: 'Don’t send',
                            onConfirm: send,
                          }
                        : undefined
                    }
                  />
                ) : result ? (
                  <ResultBox result={result} />
                ) : (
                  warning &&
                  lines.length > 0 && (
                    <p className={`limit-warning ${warning.level}`} role="status" data-testid="limit-warning">
                      {warning.text}
                    </p>
                  )
                )}
                <div className="actions">
                  {result?.final && !held ? (
                    <button className="big wide" disabled>
                      Refused: change the order
                    </button>
                  ) : refuses && !held ? (
                    <button className="big wide" disabled>
                      {limitUsed ? 'Limit used: no more orders' : 'Over the limit: change the order'}
                    </button>
                  ) : (
                    <button
                      className="big wide primary"
                      disabled={!pass || lines.length === 0 || busy || held !== null}
                      onClick={send}
                    >
                      {sendLabel(order.busy === 'send', pass !== null, lines.length > 0 ? factTotal : null)}
                    </button>
                  )}
                  {lines.length > 0 && <button onClick={() => setLines([])}>Clear</button>}
                </div>
              </div>
            </section>
          </div>
          <section className="card" aria-label="Products">
            <h2>Products</h2>
            <ProductPicker
              catalog={catalog}
              filter={(p) => p.giftCard === null}
              lines={lines}
              onChange={setLines}
              onReload={() => void reload()}
              prices={prices}
            />
            <MoneyUnitNotice families={['answers']} text={PRICES_UNIT_TEXT} testId="prices-unit-notice" />
          </section>
        </div>
      )}
    </section>
  );
}
