// One Needs review item's actions: approve it, say how it was fixed (the reason is kept), or
// comment and leave it open. Each press is a `once` write with its own request id; the decision
// is kept on the hub with who and when, and shown under the item.
import './approval.css';
import { useState } from 'react';
import type { ReviewDecision, ReviewAction } from '../../../../shared/labor-period';
import { newRequestId } from '../../../../shared/request-id';
import { api } from '../../api-context';
import { useAction } from '../../hooks/use-action';
import { Problem } from '../../components/problem';
import { dayTime } from '../kiosk/format';

const DONE_WORDS: Record<ReviewAction, string> = { approve: 'Approved', fix: 'Fixed', comment: 'Comment' };

export function ReviewTrail({ decisions, timezone }: { decisions: ReviewDecision[]; timezone: string | null }) {
  if (decisions.length === 0) return null;
  return (
    <ul className="k-review-trail" data-testid="review-trail">
      {decisions.map((d) => (
        <li key={d.id}>
          {DONE_WORDS[d.action]} by {d.byName}, {dayTime(d.at, timezone)}
          {d.text ? `: ${d.text}` : ''}
        </li>
      ))}
    </ul>
  );
}

export function ReviewActions({
  token,
  itemKey,
  label,
  settled,
  onDecided,
}: {
  token: string;
  itemKey: string;
  /** Who and which day, for the buttons' names. */
  label: string;
  /** Approved or fixed already: Approve and Fix are not offered again, Comment still is. */
  settled: boolean;
  onDecided(decision: ReviewDecision): void;
}) {
  const [writing, setWriting] = useState<'fix' | 'comment' | null>(null);
  const [text, setText] = useState('');
  const request = useAction();
  const decide = (action: ReviewAction, words: string | null) =>
    void request.run(async () => {
      const decision = await api().laborReviewDecide(token, itemKey, action, words, newRequestId());
      setWriting(null);
      setText('');
      onDecided(decision);
    });
  return (
    <div className="k-review-actions">
      {writing === null ? (
        <div className="k-row">
          {!settled && (
            <button
              type="button"
              className="k-small k-small-go"
              disabled={request.busy}
              aria-label={`Approve ${label}`}
              onClick={() => decide('approve', null)}
            >
              Approve
            </button>
          )}
          {!settled && (
            <button type="button" className="k-small" aria-label={`Fixed ${label}`} onClick={() => setWriting('fix')}>
              Fixed
            </button>
          )}
          <button
            type="button"
            className="k-small"
            aria-label={`Comment ${label}`}
            onClick={() => setWriting('comment')}
          >
            Comment
          </button>
        </div>
      ) : (
        <form
          className="k-review-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (text.trim()) decide(writing, text.trim());
          }}
        >
          <label>
            {writing === 'fix' ? 'How it was fixed' : 'Comment'}
            <input value={text} maxLength={500} onChange={(e) => setText(e.target.value)} />
          </label>
          <div className="k-row">
            <button type="submit" className="k-small k-small-go" disabled={request.busy || !text.trim()}>
              {writing === 'fix' ? 'Save fix' : 'Save comment'}
            </button>
            <button type="button" className="k-small" onClick={() => setWriting(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <Problem text={request.error} detail={request.detail} />
    </div>
  );
}
