// "Needs review": every time card of the days shown that a manager should look at, in one list,
// each with the person, the day, the reason and where to act: Open shows that person's day in the
// entries below (with its Edit buttons); Approve, Fixed… (with how) and Comment… are kept on the
// hub with who and when (features/approval); held device punches are approved in Sync.
import { useState } from 'react';
import { ReviewActions, ReviewTrail } from '../../approval/review-actions';
import type { ReviewDecision } from '../../../../../shared/labor-period';
import { needsReview, reviewStatus, type ReviewItem } from '../../../../../shared/labor-review';
import type { LaborView, TimesheetView } from '../../../../../shared/labor';
import { fiscalDayOf } from '../../../../../shared/labor-calc';
import { api } from '../../../api-context';
import { useRequest } from '../../../hooks/use-request';
import { shortDay } from '../format';
import { useAppStore } from '../../../store';
import { punchReviewElsewhere } from './manager-sections';
import { TableHead } from '../../../components/table-head';

const KIND_TEXT: Record<ReviewItem['kind'] | 'held', string> = {
  edited: 'Edited',
  'auto-closed': 'Auto-closed',
  'break-override': 'Break ended early',
  offline: 'Not synced',
  overtime: 'Overtime',
  breaks: 'Breaks',
  attestation: 'Said no to breaks',
  held: 'Held on the hub',
};

const STATUS_TEXT = { open: 'Open', approved: 'Approved', fixed: 'Fixed' } as const;

export function NeedsReview({
  token,
  labor,
  sheet,
  now,
  onOpen,
}: {
  token: string;
  labor: LaborView;
  sheet: TimesheetView;
  now: number;
  onOpen(userId: string, day: string): void;
}) {
  const tz = labor.location?.timezone ?? null;
  // Decisions made here since the timesheet was read: shown at once, without reading it again.
  const [decided, setDecided] = useState<ReviewDecision[]>([]);
  const decisionsOf = (key: string) => [
    ...(sheet.approval?.decisions ?? []).filter((d) => d.itemKey === key),
    ...decided.filter((d) => d.itemKey === key && !sheet.approval?.decisions.some((o) => o.id === d.id)),
  ];
  const dayOf = (ms: number) => fiscalDayOf(ms, tz, labor.settings.fiscalDayStartHour);
  const where = useRequest(() => api().satelliteStatus(), []);
  const onHub = where.data !== null && where.data.mode !== 'standalone';
  // A device the hub does not let review punches (a workstation) does not ask for the held ones.
  const role = useAppStore((s) => (s.satellite?.mode === 'satellite' ? s.satellite.role : null));
  const mayReview = onHub && punchReviewElsewhere(role) === null;
  const held = useRequest(mayReview ? () => api().hubReview(token) : null, [token, mayReview]);
  const items: (Omit<ReviewItem, 'kind'> & { kind: ReviewItem['kind'] | 'held' })[] = [
    ...needsReview(sheet, { overtime: labor.settings.overtimePreset, breaks: labor.settings.breakPreset }, now, dayOf),
    ...(held.data?.items ?? [])
      .filter((i) => i.status === 'held')
      .map((i) => ({
        key: `held:${i.punchId}`,
        kind: 'held' as const,
        userId: i.userId,
        name: i.name,
        day: dayOf(i.capturedAt),
        reason: `From ${i.deviceName}: approve or reject it in Sync`,
        entryUuid: null,
      }))
      .filter((i) => i.day >= sheet.query.fromDay && i.day <= sheet.query.toDay),
  ];
  return (
    <section className="k-card" aria-label="Needs review">
      <h2>Needs review ({items.length})</h2>
      {items.length === 0 ? (
        <p className="k-empty">Nothing to review on these days.</p>
      ) : (
        <table className="k-table k-review-table" data-testid="needs-review">
          <TableHead columns={['Person', 'Day', 'What', 'Reason', 'State', 'Act']} />
          <tbody>
            {items.map((i) => (
              <tr key={i.key} data-testid="review-item">
                <td>{i.name}</td>
                <td>{shortDay(i.day)}</td>
                <td>{KIND_TEXT[i.kind]}</td>
                <td>
                  {i.reason}
                  <ReviewTrail decisions={decisionsOf(i.key)} timezone={tz} />
                </td>
                <td data-testid="review-status">{STATUS_TEXT[reviewStatus(decisionsOf(i.key))]}</td>
                <td>
                  {i.kind !== 'held' && i.kind !== 'offline' && (
                    <ReviewActions
                      token={token}
                      itemKey={i.key}
                      label={`${i.name}, ${shortDay(i.day)}`}
                      settled={reviewStatus(decisionsOf(i.key)) !== 'open'}
                      onDecided={(d) => setDecided((was) => [...was, d])}
                    />
                  )}
                  <button
                    type="button"
                    className="k-small"
                    aria-label={`Open ${i.name}, ${shortDay(i.day)}`}
                    onClick={() => onOpen(i.userId, i.day)}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
