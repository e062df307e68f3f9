// Punches that are not on the service: waiting ones (with why), and parked ones the service
// refused, with its own words, to retry once fixed or to discard on purpose.
import { staffWords } from '../../../../../shared/errors';
import type { LaborView, OutboxItem } from '../../../../../shared/labor';
import { api } from '../../../api-context';
import { ACTION_LABELS } from '../format';
import { useAction } from '../../../hooks/use-action';
import { useRequest } from '../../../hooks/use-request';
import { Problem } from '../../../components/problem';
import { PunchTable } from './punch-table';

const STATE_TEXT: Record<OutboxItem['state'], string> = {
  pending: 'waiting to send',
  sending: 'sending',
  checking: 'checking with the service',
  failed: 'refused by the service',
  blocked: 'waiting on a refused punch',
};

const BLOCKED = 'Waits for an earlier punch of this shift that the service refused.';

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
      {(labor.outbox.lastProblem ?? labor.outbox.lastError) && (
        <p className="k-hint" title={labor.outbox.lastError ?? undefined}>
          Last problem: {staffWords(labor.outbox.lastProblem ?? labor.outbox.lastError).text}
        </p>
      )}
      <Problem text={request.error ?? list.error} detail={request.error ? request.detail : list.detail} />
      {items && items.length === 0 && <p className="k-empty">Every punch is on the service.</p>}
      {items && items.length > 0 && (
        <PunchTable
          testId="outbox-item"
          whyHeading="Service said"
          timezone={labor.location?.timezone ?? null}
          busy={request.busy}
          rows={items.map((i) => ({
            key: i.id,
            capturedAt: i.capturedAt,
            name: i.name,
            punch: ACTION_LABELS[i.action],
            why:
              i.state === 'blocked' ? BLOCKED : i.problem || i.message ? staffWords(i.problem ?? i.message).text : '',
            whyDetail: i.message,
            state: STATE_TEXT[i.state],
            bad: i.state === 'failed' || i.state === 'blocked',
            actions:
              i.state === 'failed' || i.state === 'blocked'
                ? [
                    {
                      label: 'Retry',
                      run: () => void request.run(async () => setItems(await api().laborRetryPunch(token, i.id))),
                    },
                    {
                      label: 'Discard',
                      confirm: `Discard ${i.name}'s ${ACTION_LABELS[i.action].toLowerCase()}? It will never reach the service.`,
                      run: () => void request.run(async () => setItems(await api().laborDiscardPunch(token, i.id))),
                    },
                  ]
                : null,
          }))}
        />
      )}
    </section>
  );
}
