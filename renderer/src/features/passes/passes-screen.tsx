// Passes: scan a tab pass, see its limit, build an order and send it. Before sending, a warning
// says what the service will do when the order goes over the limit; the service still decides.
// A refusal is shown in the service's own words, and spent is read again after every order.
// Layout: the pass and the ticket (with Send) on the left, always in view; products on the right.
import { useEffect, useState } from 'react';
import { formatMoney, limitWarning, type PassOrderOutcome, type PassView } from '../../../../shared/tabs';
import { spendLimitWords } from '../../../../shared/errors';
import { api } from '../../api-context';
import { messageOf } from '../tabs/format';
import { LocationBar, useTabsLocation } from '../tabs/location-bar';
import { useCatalog } from '../tabs/use-catalog';
import { draftTotal, OrderTicket, ProductPicker, type DraftLine } from './order-builder';
import { PassCard } from './pass-card';
import { PassScan } from './pass-scan';
import { useWedgeScan } from './use-wedge-scan';
import { newRequestId } from '../../../../shared/request-id';

// `final`: the service refused this very order for good (spec 7: do not retry it), so Send stays
// off until the order changes; otherwise a busy bartender reads a blue "Send anyway" as "try again".
// `said`: the service's own alert, shown under our sentence as what it said (its spend-limit alert
// says "reached its limit" even when a 'pre' pass has room left, so it is never the only words).
type Result = {
  tone: 'good' | 'bad' | 'warn';
  title: string;
  text: string | null;
  final?: boolean;
  said?: string | null;
};

/**
 * An order whose outcome is unknown (no answer, a reset, a 5xx): it may exist on the service. Until
 * a re-read of Spent settles it, sending again is a second order and needs an explicit, warned
 * choice. Kept apart from `result` so editing the ticket does not make it go away.
 */
type Unknown = { xPassId: string; spentBefore: number | null; total: number | null; checked: boolean };

export function PassesScreen() {
  const location = useTabsLocation();
  const { catalog, reload } = useCatalog(location?.uuid ?? null);
  const [pass, setPass] = useState<PassView | null>(null);
  const [lines, setLinesState] = useState<DraftLine[]>([]);
  const [busy, setBusy] = useState<'lookup' | 'send' | null>(null);
  const [lookupError, setLookupError] = useState<Result | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [unknown, setUnknown] = useState<Unknown | null>(null);
  const [confirmResend, setConfirmResend] = useState(false);
  // A changed order makes the last answer stale: it is cleared so it cannot be misread.
  const setLines = (next: DraftLine[]) => {
    setLinesState(next);
    setResult(null);
  };

  const lookup = async (id: string) => {
    setBusy('lookup');
    setLookupError(null);
    setResult(null);
    try {
      setPass(await api().passLookup(id));
    } catch (error) {
      setPass(null);
      setLookupError({ tone: 'bad', title: `Pass ${id} could not be read`, text: messageOf(error) });
    } finally {
      setBusy(null);
    }
  };
  useWedgeScan((code) => void lookup(code));
  // A pass belongs to one location: a new location starts from a clean slate.
  useEffect(() => {
    setPass(null);
    setLinesState([]);
    setResult(null);
    setLookupError(null);
    setUnknown(null);
  }, [location?.uuid]);

  const total = draftTotal(lines);
  const warning = pass ? limitWarning(pass, total) : null;
  // A 'pre' pass refuses an order that would take it past its limit: sending it is never offered.
  const preRefuses =
    lines.length > 0 && warning?.level === 'refuse' && pass?.limit.kind === 'limit' && pass.limit.mode === 'pre';

  const send = async () => {
    if (!pass || lines.length === 0) return;
    setBusy('send');
    setResult(null);
    setConfirmResend(false);
    const spentBefore = pass.spent;
    try {
      const outcome = await api().passOrder(
        pass.xPassId,
        lines.map((l) => ({ productUuid: l.productUuid, quantity: l.quantity })),
        newRequestId(),
      );
      if (outcome.pass) setPass(outcome.pass);
      if (outcome.ok) setLinesState([]);
      setUnknown(
        !outcome.ok && outcome.reason === 'uncertain'
          ? { xPassId: pass.xPassId, spentBefore, total, checked: false }
          : null,
      );
      setResult(describe(outcome, total));
    } catch (error) {
      setResult({ tone: 'bad', title: 'The order was not sent', text: messageOf(error) });
    } finally {
      setBusy(null);
    }
  };

  // "Check again": only a read of the pass, never a second order.
  const checkAgain = async () => {
    if (!unknown) return;
    setBusy('lookup');
    try {
      const now = await api().passLookup(unknown.xPassId);
      setPass(now);
      const rose = unknown.spentBefore !== null && now.spent !== null && now.spent > unknown.spentBefore;
      if (rose) {
        setUnknown(null);
        setLinesState([]);
        setResult({
          tone: 'good',
          title: 'The order went through',
          text: `Spent rose from ${formatMoney(unknown.spentBefore)} to ${formatMoney(now.spent)}. Do not send it again.`,
        });
      } else {
        setUnknown({ ...unknown, checked: true });
        setResult({
          tone: 'warn',
          title: 'Outcome still unknown',
          text:
            now.spent === null
              ? 'This location does not report Spent, so the app cannot tell whether the order was placed. Look for it on the Tabs board or the POS before sending again.'
              : `Spent is still ${formatMoney(now.spent)}: the service shows no sign of the order yet. Check again in a moment, or look on the Tabs board, before sending again.`,
        });
      }
    } catch (error) {
      setResult({ tone: 'warn', title: 'Outcome unknown: could not check', text: messageOf(error) });
    } finally {
      setBusy(null);
    }
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
            <PassScan busy={busy === 'lookup'} onLookup={(id) => void lookup(id)} />
            {lookupError && <ResultBox result={lookupError} />}
            {pass && <PassCard pass={pass} />}
            <section className="card ticket" aria-label="Order">
              <h2>Order</h2>
              <OrderTicket
                lines={lines}
                onChange={setLines}
                emptyText={pass ? 'Tap products to add them.' : 'Scan a pass, then tap products.'}
              />
              {/* The answer or the warning sits with the button, so neither can scroll out of sight. */}
              <div className="sticky-actions">
                {result ? (
                  <ResultBox result={result} />
                ) : (
                  warning &&
                  lines.length > 0 && (
                    <p className={`limit-warning ${warning.level}`} role="status" data-testid="limit-warning">
                      {warning.text}
                    </p>
                  )
                )}
                {unknown && confirmResend && (
                  <p className="limit-warning refuse" role="alert" data-testid="resend-warning">
                    The first order may already be on the pass. Sending again places a second order
                    {total !== null ? ` of ${formatMoney(total)}` : ''}: the guest may pay twice.
                  </p>
                )}
                <div className="actions">
                  {unknown ? (
                    confirmResend ? (
                      <>
                        <button
                          className="big danger"
                          disabled={busy !== null || lines.length === 0}
                          onClick={() => void send()}
                        >
                          Yes, send a second order
                        </button>
                        <button className="big" onClick={() => setConfirmResend(false)}>
                          Don’t send
                        </button>
                      </>
                    ) : (
                      <>
                        <button className="big wide primary" disabled={busy !== null} onClick={() => void checkAgain()}>
                          {busy === 'lookup' ? 'Checking…' : 'Check again'}
                        </button>
                        <button
                          className="big"
                          disabled={busy !== null || lines.length === 0}
                          onClick={() => setConfirmResend(true)}
                        >
                          Send again…
                        </button>
                      </>
                    )
                  ) : result?.final ? (
                    <button className="big wide" disabled>
                      Refused: change the order
                    </button>
                  ) : preRefuses ? (
                    <button className="big wide" disabled>
                      Over the limit: change the order
                    </button>
                  ) : (
                    <button
                      className={`big wide ${warning?.level === 'refuse' && !result ? 'danger' : 'primary'}`}
                      disabled={!pass || lines.length === 0 || busy !== null}
                      onClick={() => void send()}
                    >
                      {sendLabel(
                        busy === 'send',
                        pass !== null,
                        lines.length > 0 && warning?.level === 'refuse',
                        lines.length > 0 ? total : null,
                      )}
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
            />
          </section>
        </div>
      )}
    </section>
  );
}

function sendLabel(sending: boolean, scanned: boolean, overLimit: boolean, total: number | null): string {
  if (sending) return 'Sending…';
  if (!scanned) return 'Scan a pass first';
  return `${overLimit ? 'Send anyway' : 'Send order'}${total === null ? '' : ` ${formatMoney(total)}`}`;
}

function describe(outcome: PassOrderOutcome, total: number | null): Result {
  if (outcome.ok) {
    const spent = outcome.pass ? `Spent is now ${formatMoney(outcome.pass.spent)}.` : '';
    return {
      tone: 'good',
      title: `Order sent${outcome.orderName ? `: ${outcome.orderName}` : ''}${outcome.total !== null ? `, ${formatMoney(outcome.total)}` : ''}`,
      text: `${spent} ${outcome.passProblem ?? ''}`.trim() || null,
    };
  }
  if (outcome.reason === 'uncertain') {
    return {
      tone: 'warn',
      title: 'Outcome unknown',
      text: `No clear answer from the service (${outcome.alert}). The order may or may not be on the pass: Check again reads Spent from the service.`,
    };
  }
  const problem = outcome.problem;
  if (problem.kind === 'spend-limit') {
    // The amounts come with the kind; this order's total from the ticket when the core had no prices.
    const text = spendLimitWords({ ...problem.data, orderCents: problem.data.orderCents ?? total });
    const title = outcome.title ? `Refused: spend limit: ${outcome.title}` : 'Refused: spend limit';
    return { tone: 'bad', title, text, said: outcome.alert, final: true };
  }
  // The service's alert title and body as it sent them ({alert: {title, body}}), else our title.
  const ours = `Refused by the service${outcome.status ? ` (${outcome.status})` : ''}`;
  const title = outcome.title ? `${ours}: ${outcome.title}` : ours;
  return { tone: 'bad', title, text: outcome.alert, final: false };
}

function ResultBox({ result }: { result: Result }) {
  return (
    <div
      className={`result-box ${result.tone}`}
      role={result.tone === 'good' ? 'status' : 'alert'}
      data-testid="order-result"
    >
      <strong>{result.title}</strong>
      {result.text && <p>{result.text}</p>}
      {result.said && (
        <p className="hint" data-testid="service-said">
          The service said: “{result.said}”
        </p>
      )}
    </div>
  );
}
