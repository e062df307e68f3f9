// Punches that are not on the service: waiting ones (with why), and parked ones the service
// refused, with its own words, to retry once fixed or to discard on purpose.
import { staffWords } from '../../../../../shared/errors';
import type { LaborView, OutboxItem } from '../../../../../shared/labor';
import { api } from '../../../api-context';
import { ACTION_LABELS, dayTime } from '../format';
import { useAction } from '../../../hooks/use-action';
import { useRequest } from '../../../hooks/use-request';
import { Problem } from '../../../components/problem';

const STATE_TEXT: Record<OutboxItem['state'], string> = {
  pending: 'waiting to send',
  sending: 'sending',
  checking: 'checking with the service',
  failed: 'refused by the service',
  blocked: 'waiting on a refused punch',
};

export function SyncProblems({ token, labor }: { token: string; labor: LaborView }) {
  const { pending, failed, blocked } = labor.outbox;
  // Re-read whenever the outbox counts move; an answer overtaken by a newer read is dropped.
  const list = useRequest(() => api().laborOutbox(token), [token, pending, failed, blocked]);
  const items: OutboxItem[] | null = list.data;
  const setItems = list.set;
  const request = useAction();

  return (
    <section className="k-card" aria-label="Punches not on the service">
      <div className="k-card-head">
        <h2>Punches not on the service yet</h2>
        <button
          type="button"
          className="k-small"
          onClick={() => void request.run(async () => (await api().laborSyncNow(), list.reload()))}
        >
          Send now
        </button>
      </div>
      {labor.outbox.lastError && <p className="k-hint">Last problem: {labor.outbox.lastError}</p>}
      <Problem text={request.error ?? list.error} detail={request.error ? request.detail : list.detail} />
      {items && items.length === 0 && <p className="k-empty">Every punch is on the service.</p>}
      {items && items.length > 0 && (
        <table className="k-table">
          <thead>
            <tr>
              <th>Captured</th>
              <th>Who</th>
              <th>Punch</th>
              <th>State</th>
              <th>Service said</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items.map((i) => (
              <tr
                key={i.id}
                className={i.state === 'failed' || i.state === 'blocked' ? 'k-tr-bad' : ''}
                data-testid="outbox-item"
              >
                <td>{dayTime(i.capturedAt, labor.location?.timezone ?? null)}</td>
                <td>{i.name}</td>
                <td>{ACTION_LABELS[i.action]}</td>
                <td>{STATE_TEXT[i.state]}</td>
                <td className="k-wrap" title={i.message ?? undefined}>
                  {i.message ? staffWords(i.message).text : ''}
                </td>
                <td className="k-nowrap">
                  {(i.state === 'failed' || i.state === 'blocked') && (
                    <>
                      <button
                        type="button"
                        className="k-small"
                        disabled={request.busy}
                        onClick={() => request.run(async () => setItems(await api().laborRetryPunch(token, i.id)))}
                      >
                        Retry
                      </button>{' '}
                      <button
                        type="button"
                        className="k-small k-small-danger"
                        disabled={request.busy}
                        onClick={() => {
                          if (
                            window.confirm(
                              `Discard ${i.name}'s ${ACTION_LABELS[i.action].toLowerCase()}? It will never reach the service.`,
                            )
                          ) {
                            void request.run(async () => setItems(await api().laborDiscardPunch(token, i.id)));
                          }
                        }}
                      >
                        Discard
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
