// The sandbox's side of each delivery: how many attempts, what our listener answered, and when it
// will retry. Polled while open, since these are the sandbox's records, not pushed events.
import { useEffect, useState } from 'react';
import type { SandboxDelivery } from '../../../../shared/webhooks';
import { api } from '../../api-context';
import { ActionProblem } from '../../components/staff-problem';
import { useAction } from '../../hooks/use-action';
import { useVenueZone } from '../../hooks/use-venue-zone';
import { errorMessage } from '../../../../shared/errors';
import { clockTimeSeconds } from '../../../../shared/time';
import { TableHead } from '../../components/table-head';

const TONE: Record<SandboxDelivery['status'], string> = {
  delivered: 'good',
  retrying: 'warn',
  pending: '',
  failed: 'bad',
};

export function DeliveryAttempts() {
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<SandboxDelivery[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const request = useAction();
  const timezone = useVenueZone();

  useEffect(() => {
    if (!open) return;
    let live = true;
    const load = () =>
      api()
        .listSandboxDeliveries()
        .then((list) => live && setRows(list))
        .catch((e: unknown) => live && setMessage(errorMessage(e)));
    void load();
    const timer = setInterval(load, 1500);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [open]);

  const flush = async () => {
    setMessage(null);
    const result = await request.run(() => api().flushSandboxDeliveries());
    if (result) setMessage(result.message);
  };

  return (
    <details className="delivery-attempts" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Delivery attempts and retries</summary>
      {rows.length === 0 ? (
        <p className="empty">The sandbox has not delivered anything to this app yet.</p>
      ) : (
        <table className="deliveries" aria-label="Delivery attempts">
          <TableHead columns={['Event', 'Status', 'Attempts', 'Last answer', 'Next retry']} />
          <tbody>
            {rows.map((d) => (
              <tr key={d.id}>
                <td>
                  {d.type}
                  {d.forged && <span className="badge bad">forged</span>}
                  {d.duplicate && <span className="badge">duplicate</span>}
                </td>
                <td>
                  <span className={`badge ${TONE[d.status]}`}>{d.status}</span>
                </td>
                <td>{d.attempts}</td>
                <td>{d.lastResponseStatus ?? d.lastError ?? '—'}</td>
                <td>{d.nextAttemptAt ? clockTimeSeconds(Date.parse(d.nextAttemptAt), timezone) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="actions">
        <button onClick={flush}>Run retries now</button>
        {message && (
          <span className="hint" role="status">
            {message}
          </span>
        )}
        <ActionProblem action={request} />
      </div>
    </details>
  );
}
