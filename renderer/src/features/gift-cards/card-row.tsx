// One gift card: pending, issued (last four, balance, type, gateway, links) or late, and which tab
// item it belongs to. Only the last four digits are ever shown.
import { formatMoney, type GiftCardView } from '../../../../shared/tabs';
import { CopyButton } from '../../components/copy-button';
import { useTimeOf } from '../tabs/format';

const STATE_LABEL = { pending: 'Pending…', issued: 'Issued', late: 'Late' };

export function CardRow({ card, lateSeconds }: { card: GiftCardView; lateSeconds: number }) {
  const timeOf = useTimeOf();
  const info = card.card;
  return (
    <li className={`gift-card ${card.state}`} data-testid="gift-card" data-state={card.state}>
      <span className={`state-pill ${card.state}`}>{STATE_LABEL[card.state]}</span>
      <div className="gift-card-body">
        <div className="gift-card-main">
          <strong>{card.productName ?? 'Gift card'}</strong>
          {info && (
            <>
              <span className="mono last-four">{info.lastFour ? `•••• ${info.lastFour}` : 'no number shown'}</span>
              <span className="money">{formatMoney(info.balance)}</span>
              {info.giftCardType && <span className="badge">{info.giftCardType}</span>}
              {info.gateway && <span className="badge">{info.gateway}</span>}
            </>
          )}
        </div>
        {info?.redemptionUrl && (
          <div className="link-line">
            Redemption link <code>{info.redemptionUrl}</code> <CopyButton text={info.redemptionUrl} />
          </div>
        )}
        {info?.claimUrl && (
          <div className="link-line">
            Claim link <code>{info.claimUrl}</code> <CopyButton text={info.claimUrl} />
          </div>
        )}
        {card.state === 'late' && (
          <p className="error">
            Not issued {lateSeconds} s after the sale. It may still arrive; if it does not, check this tab with the service before selling again.
          </p>
        )}
        <div className="hint small-line">
          {card.itemId ? `Item ${card.itemId}` : 'Item unknown'}
          {info?.tabId ? ` · tab ${info.tabId}` : ''}
          {card.issuedAt ? ` · issued ${timeOf(card.issuedAt)}` : ''}
          {card.seenIn.length > 0 ? ` · from ${card.seenIn.join(' and ')}` : ''}
        </div>
      </div>
    </li>
  );
}
