// Recent gift-card sales, newest first, each with its cards, and cards the service announced that
// no sale here was waiting for.
import { formatMoney, type GiftCardSale, type GiftCardsView } from '../../../../shared/tabs';
import { useTimeOf } from '../tabs/format';
import { CardRow } from './card-row';
import { staffWords } from '../../../../shared/errors';
import { Problem } from '../../components/problem';
import { saleProblemWords } from './sale-problem-words';
import { DamagedHere, SHOWN_FROM, useDamageOf } from '../../components/damaged-here';

const SALE_STATE = { sending: 'Sending…', done: '', failed: 'Refused', unknown: 'Outcome unknown' };

export function SaleList({ view }: { view: GiftCardsView }) {
  const damaged = useDamageOf(SHOWN_FROM.giftCards).length > 0;
  return (
    <section className="card sale-list" aria-label="Recent gift-card sales">
      <h2>
        Recent sales {view.pending > 0 && <span className="badge warn">{view.pending} pending</span>}{' '}
        {view.late > 0 && <span className="badge bad">{view.late} late</span>}
      </h2>
      <DamagedHere
        files={SHOWN_FROM.giftCards}
        meaning="Some saved sales could not be read: this list may be missing cards already sold. Check with a manager before selling a card again."
      />
      {view.sales.length === 0 && (
        <p className="empty">
          {damaged
            ? 'No sales could be read from this workstation’s records.'
            : 'No gift cards sold on this workstation yet.'}
        </p>
      )}
      {view.sales.map((sale) => (
        <Sale key={sale.id} sale={sale} lateSeconds={view.lateSeconds} />
      ))}
      {view.unmatched.length > 0 && (
        <>
          <h3>Cards not matched to a sale here</h3>
          <ul className="gift-cards">
            {view.unmatched.map((card) => (
              <CardRow key={card.key} card={card} lateSeconds={view.lateSeconds} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Sale({ sale, lateSeconds }: { sale: GiftCardSale; lateSeconds: number }) {
  const timeOf = useTimeOf();
  return (
    <article
      className="sale"
      data-testid="sale"
      aria-label={`Sale at ${sale.spotName ?? 'a spot'} ${timeOf(sale.createdAt)}`}
    >
      <header>
        <strong>{sale.spotName ?? 'Spot'}</strong>
        {sale.name && <span>{sale.name}</span>}
        <span>{timeOf(sale.createdAt)}</span>
        <span className="money">{formatMoney(sale.total)}</span>
        <span className="badge">{sale.paymentType === 'CASH' ? 'Cash' : 'Card'}</span>
        {/* How the cards came: in the sale's own answer ("Wait for cards") or each after it ("Issue live"). */}
        <span className="badge">{sale.mode === 'wait' ? 'cards given at payment' : 'cards sent after payment'}</span>
        {SALE_STATE[sale.state] && (
          <span className={`badge ${sale.state === 'failed' ? 'bad' : 'warn'}`}>{SALE_STATE[sale.state]}</span>
        )}
      </header>
      {sale.state === 'failed' && <Problem {...saleProblemWords(sale.problem ?? sale.message)} />}
      {sale.state !== 'failed' && (sale.problem ?? sale.message) && (
        <p className="hint" title={sale.message ?? undefined}>
          {staffWords(sale.problem ?? sale.message).text}
        </p>
      )}
      {sale.cards.length > 0 && (
        <ul className="gift-cards">
          {sale.cards.map((card) => (
            <CardRow key={card.key} card={card} lateSeconds={lateSeconds} saleId={sale.id} />
          ))}
        </ul>
      )}
    </article>
  );
}
