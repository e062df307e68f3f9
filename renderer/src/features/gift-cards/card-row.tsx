// One gift card: pending, issued (last four, balance, kind, links) or late, in the cashier's words.
// A late card can be checked again (the core re-reads the tab, never sells again). Only the last
// four digits are ever shown.
import { formatMoney, type GiftCardView } from '../../../../shared/tabs';
import { api } from '../../api-context';
import { CopyButton } from '../../components/copy-button';
import { Problem } from '../../components/problem';
import { useAction } from '../../hooks/use-action';
import { useTimeOf } from '../tabs/format';
import { useEffect, useState } from 'react';

const STATE_LABEL = { pending: 'Waiting for the card…', issued: 'Issued', late: 'Late' };

/** The service's card kinds and payment rails in the cashier's words. */
const KIND_WORDS: Record<string, string> = {
  DIGITAL: 'Digital card',
  PHYSICAL: 'Plastic card',
  VIRTUAL: 'Digital card',
};
/** Who runs the card, so staff know whose card a guest holds and who keeps its balance. */
const GATEWAY_WORDS: Record<string, string> = {
  INTERNAL: 'gift card run by this venue',
  GATEWAY_A: 'partner gift card, run by another company',
  GATEWAY_B: 'partner gift card, run by another company',
};

export function cardKind(giftCardType: string | null | undefined): string | null {
  if (!giftCardType) return null;
  return KIND_WORDS[giftCardType] ?? giftCardType.charAt(0) + giftCardType.slice(1).toLowerCase().replace(/_/g, ' ');
}

export function cardRail(gateway: string | null | undefined): string | null {
  if (!gateway) return null;
  return (
    GATEWAY_WORDS[gateway] ??
    (/^GATEWAY/.test(gateway) ? 'partner gift card, run by another company' : gateway.toLowerCase().replace(/_/g, ' '))
  );
}

/**
 * A guest link whole, under its label: cut to "https:…" beside the label it could not be told from
 * the card's other link. It wraps where it must; Copy takes the same whole link.
 */
function LinkLine({ label, url }: { label: string; url: string }) {
  return (
    <div className="link-line">
      <span className="link-label">{label}</span>
      <code>{url}</code>
      <CopyButton text={url} />
    </div>
  );
}

export function CardRow({
  card,
  lateSeconds,
  saleId = null,
}: {
  card: GiftCardView;
  lateSeconds: number;
  saleId?: string | null;
}) {
  const timeOf = useTimeOf();
  const check = useAction();
  const info = card.card;
  // The card asked to be printed is the page's one printable part (print styles in styles.css)
  // until the print is over: the class is set before window.print() runs, so the paper has it.
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);
  return (
    <li
      className={`gift-card ${card.state}${printing ? ' print-area' : ''}`}
      data-testid="gift-card"
      data-state={card.state}
    >
      <span className={`state-pill ${card.state}`}>{STATE_LABEL[card.state]}</span>
      <div className="gift-card-body">
        <div className="gift-card-main">
          <strong>{card.productName ?? 'Gift card'}</strong>
          {info && (
            <>
              <span className="mono last-four">{info.lastFour ? `•••• ${info.lastFour}` : 'no number shown'}</span>
              <span className="money">{formatMoney(info.balance)}</span>
              {cardKind(info.giftCardType) && <span className="badge">{cardKind(info.giftCardType)}</span>}
              {cardRail(info.gateway) && <span className="badge">{cardRail(info.gateway)}</span>}
            </>
          )}
        </div>
        {info?.redemptionUrl && <LinkLine label="Link for the guest to use the card" url={info.redemptionUrl} />}
        {info?.claimUrl && <LinkLine label="Link for the guest to claim the card" url={info.claimUrl} />}
        {card.state === 'late' && (
          <div className="late-card">
            <p className="error">
              The card has not arrived {lateSeconds} s after the sale. The sale went through: do not sell it again.
              {saleId ? ' Check again asks the service for this sale’s cards.' : ''}
            </p>
            {saleId && (
              <button onClick={() => void check.run(() => api().giftCardCheckAgain(saleId))} disabled={check.busy}>
                {check.busy ? 'Checking…' : 'Check again'}
              </button>
            )}
            <Problem text={check.error} detail={check.detail} />
          </div>
        )}
        {card.issuedAt && <div className="hint small-line">Issued {timeOf(card.issuedAt)}</div>}
        {card.state === 'issued' && (
          <button type="button" className="no-print" onClick={() => setPrinting(true)}>
            Print details
          </button>
        )}
      </div>
    </li>
  );
}
