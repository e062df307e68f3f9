// Everything recorded about one event, and what a manager can do with it.
import { useEffect, useState } from 'react';
import type { EventDetail as Detail } from '../../../../shared/webhooks';
import { api } from '../../api-context';
import { Problem } from '../../components/problem';
import { ActionProblem } from '../../components/staff-problem';
import { useAction } from '../../hooks/use-action';
import { useRequest } from '../../hooks/use-request';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { dayTime } from '../../../../shared/time';
import { useAppStore } from '../../store';
import { CopyButton } from '../../components/copy-button';
import { VerificationBadge } from './verification-badge';

const SIGNATURE_TEXT: Record<Detail['signature']['result'], string> = {
  match: 'signature matches',
  mismatch: 'signature does not match the body',
  missing: 'no signature sent, but one is required',
  malformed: 'signature is not a valid hex HMAC-SHA256',
  'not-configured': 'no secret set here, signature not checked',
  unchecked: 'not checked (the request was refused before its signature was read)',
};

export function EventDetailPane() {
  const seq = useAppStore((s) => s.selectedSeq);
  const version = useAppStore((s) => s.eventsVersion);
  const [message, setMessage] = useState<string | null>(null);
  const request = useAction();
  const timezone = useVenueZone();
  // Read again when another event arrives (its delivery count or checks may have changed).
  const read = useRequest(seq === null ? null : () => api().getEvent(seq), [seq, version]);
  const detail: Detail | null = seq === null ? null : read.data;
  useEffect(() => setMessage(null), [seq]);

  if (seq === null)
    return (
      <aside className="event-detail card">
        <p className="empty">Choose an event to see its body, headers and checks.</p>
      </aside>
    );
  if (!detail) {
    return (
      <aside className="event-detail card">
        {read.error ? <Problem text={read.error} detail={read.detail} /> : <p className="empty">Loading…</p>}
      </aside>
    );
  }

  const replay = async () => {
    setMessage(null);
    const result = await request.run(() => api().replayEvent(detail.seq));
    if (result) setMessage(result.message);
  };
  return (
    <aside className="event-detail card" aria-label="Event detail" data-testid="event-detail">
      <h2>
        {detail.type} <VerificationBadge verification={detail.verification} />
      </h2>
      <dl className="facts">
        <dt>Signature</dt>
        <dd data-testid="signature-result">{SIGNATURE_TEXT[detail.signature.result]}</dd>
        {detail.verification === 'unsigned' && (
          <>
            <dt>Applied</dt>
            <dd className="warn" data-testid="unsigned-not-applied">
              No: no signature secret was set when it came, so nothing proves who sent it. It is kept for inspection
              only; set the webhook secret (the same as on the dashboard) so events change the app.
            </dd>
          </>
        )}
        {detail.problem && (
          <>
            <dt>Problem</dt>
            <dd className="error">{detail.problem}</dd>
          </>
        )}
        <dt>Deliveries</dt>
        <dd>{detail.deliveries === 1 ? 'once' : `${detail.deliveries} times (duplicates answered, applied once)`}</dd>
        <dt>Dedupe key</dt>
        <dd className="mono small">{detail.dedupeKey ?? '—'}</dd>
        <dt>Created</dt>
        <dd title={detail.createdAt ?? undefined}>
          {detail.createdAt && !Number.isNaN(Date.parse(detail.createdAt))
            ? dayTime(Date.parse(detail.createdAt), timezone)
            : (detail.createdAt ?? '—')}
        </dd>
        <dt>Received</dt>
        <dd>{dayTime(detail.receivedAt, timezone)}</dd>
      </dl>
      <div className="actions">
        <button onClick={() => void replay()} disabled={detail.verification !== 'verified'}>
          Replay into the app
        </button>
        <CopyButton label="Copy as curl" text={() => api().eventAsCurl(detail.seq)} />
      </div>
      {message && (
        <p className="hint" role="status">
          {message}
        </p>
      )}
      <ActionProblem action={request} />
      <h3>Headers</h3>
      <table className="headers">
        <tbody>
          {Object.entries(detail.headers).map(([name, value]) => (
            <tr key={name}>
              <th>{name}</th>
              <td className="mono">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Raw body</h3>
      <pre className="raw-body" tabIndex={0} aria-label="Raw body">
        {detail.rawBody}
      </pre>
    </aside>
  );
}
