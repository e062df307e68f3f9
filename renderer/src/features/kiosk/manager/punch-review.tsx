// Punches the venue hub did not apply on its own, from every device: the ones it holds for a
// manager (taken offline or on a name tap, a capture time far from the hub's clock, tips over the
// limit) and the ones it refused, each with the device, the person and the reason. Held ones are
// approved (optionally at a corrected time) or rejected here, one by one or a device's all at once
// in one request; a device's whole part can be purged. An approved punch lands once. A device may
// fill the list with hundreds: only the newest rows are drawn until the manager asks for all.
import { BULK_DECISION_MAX } from '../../../../../shared/authority';
import { api } from '../../../api-context';
import { ACTION_LABELS } from '../format';
import { REVIEW_REASON_TEXT, REVIEW_STATUS_TEXT } from '../review-words';
import { useAction } from '../../../hooks/use-action';
import { useRequest } from '../../../hooks/use-request';
import { Problem } from '../../../components/problem';
import { useAppStore } from '../../../store';
import { formatMoney } from '../../../../../shared/money';
import { staffWords } from '../../../../../shared/errors';
import { PunchTable } from './punch-table';
import { ReviewDevices } from './review-devices';
import { useState } from 'react';

/** Rows drawn before "Show all": the device lines above act on every row anyway. */
const ROWS_SHOWN = 200;

export function PunchReview({ token, timezone }: { token: string; timezone: string | null }) {
  const where = useRequest(() => api().satelliteStatus(), []);
  const onHub = where.data !== null && where.data.mode !== 'standalone';
  const pushed = useAppStore((s) => s.hubDevices);
  const list = useRequest(onHub ? () => api().hubReview(token) : null, [token, pushed, onHub]);
  const request = useAction();
  const [all, setAll] = useState(false);
  if (!onHub) return null;
  const items = (list.data?.items ?? []).slice().sort((a, b) => a.capturedAt - b.capturedAt);
  const held = items.filter((i) => i.status === 'held');
  const shown = all ? items : items.slice(-ROWS_SHOWN);
  const decide = (punchId: string, decision: 'approve' | 'reject') =>
    request.run(async () => list.set(await api().hubReviewDecide(token, punchId, { decision })));
  // One request: the hub approves them in the order they were taken, so a punch-in lands before
  // the punch-out that follows it. A punch the timesheet refuses stays held and is said.
  const decideMany = (punchIds: string[], decision: 'approve' | 'reject') =>
    request.run(async () => {
      try {
        // Oldest first, in requests the contract allows: the order holds across them.
        for (let at = 0; at < punchIds.length; at += BULK_DECISION_MAX)
          list.set(await api().hubReviewDecideMany(token, punchIds.slice(at, at + BULK_DECISION_MAX), decision));
      } catch (error) {
        // Some were decided before one stayed held: the list shows which.
        list.reload();
        throw error;
      }
    });
  const devices = {
    approveAll: (ids: string[]) => void decideMany(ids, 'approve'),
    rejectAll: (ids: string[], name: string) => {
      if (window.confirm(`Reject all ${ids.length} punches from ${name}? None of them will reach the timesheet.`))
        void decideMany(ids, 'reject');
    },
    purge: (deviceId: string, name: string) => {
      if (
        window.confirm(
          `Purge ${name}? Every punch it left waiting is rejected, and its refused ones leave this list. Approved punches stay.`,
        )
      )
        void request.run(async () => list.set(await api().hubReviewPurgeDevice(token, deviceId)));
    },
  };
  return (
    <section className="k-card" aria-label="Punches from devices">
      <div className="k-card-head">
        <h3>Punches from devices the hub did not record on its own</h3>
        {held.length > 1 && (
          <button
            type="button"
            className="k-small"
            disabled={request.busy}
            onClick={() =>
              void decideMany(
                held.map((i) => i.punchId),
                'approve',
              )
            }
          >
            Approve all {held.length} in order
          </button>
        )}
      </div>
      <Problem text={request.error ?? list.error} detail={request.error ? request.detail : list.detail} />
      {list.data && <ReviewDevices view={list.data} busy={request.busy} actions={devices} />}
      {list.data && items.length === 0 && <p className="k-empty">Every punch from the devices was recorded.</p>}
      {shown.length < items.length && (
        <p className="k-empty">
          The newest {shown.length} of {items.length} are shown.{' '}
          <button type="button" className="k-small" onClick={() => setAll(true)}>
            Show all {items.length}
          </button>
        </p>
      )}
      {items.length > 0 && (
        <PunchTable
          testId="review-item"
          whyHeading="Why"
          timezone={timezone}
          busy={request.busy}
          rows={shown.map((i) => ({
            key: i.punchId,
            capturedAt: i.capturedAt,
            device: i.deviceName,
            name: i.name,
            punch: (
              <>
                {ACTION_LABELS[i.action] ?? i.action}
                {i.declaredTipsCents !== null && ` · tips ${formatMoney(i.declaredTipsCents)}`}
              </>
            ),
            why:
              i.status === 'refused'
                ? i.problem || i.message
                  ? staffWords(i.problem ?? i.message).text
                  : ''
                : i.reasons.map((r) => REVIEW_REASON_TEXT[r]).join('; '),
            whyDetail: i.status === 'refused' ? i.message : null,
            state: (
              <>
                {REVIEW_STATUS_TEXT[i.status]}
                {i.decidedBy && ` by ${i.decidedBy}`}
              </>
            ),
            bad: i.status === 'refused',
            actions:
              i.status === 'held'
                ? [
                    { label: 'Approve', run: () => void decide(i.punchId, 'approve') },
                    {
                      label: 'Reject',
                      confirm: `Reject ${i.name}'s punch? It will never reach the timesheet.`,
                      run: () => void decide(i.punchId, 'reject'),
                    },
                  ]
                : null,
          }))}
        />
      )}
    </section>
  );
}
