// Forwarded punches held for review or refused, and managers' decisions on them: one row per
// punch, a decision (or a refusal) wins over "held" whatever order the messages come in.
import type { GroupReview } from '../../../shared/group';
import type { ReadModel } from './read-model';

export const reviewModel: ReadModel = {
  name: 'review',
  filters: ['venue.*.review'],
  tables: ['office_review'],
  schema: `
    create table if not exists office_review (
      venue_id text not null, punch_id text not null, device_name text not null, user_id text not null,
      name text not null, action text not null, captured_at bigint not null, status text not null,
      reasons jsonb not null, message text, decided_by text, decided_at bigint,
      primary key (venue_id, punch_id));`,
  async apply(tx, m) {
    const r = m.payload as GroupReview;
    await tx.query(
      `insert into office_review values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       on conflict (venue_id, punch_id) do update set
         status = case when office_review.status = 'held' then excluded.status else office_review.status end,
         message = coalesce(excluded.message, office_review.message),
         decided_by = coalesce(office_review.decided_by, excluded.decided_by),
         decided_at = coalesce(office_review.decided_at, excluded.decided_at)`,
      [
        m.venueId,
        r.punchId,
        r.deviceName,
        r.userId,
        r.name,
        r.action,
        r.capturedAt,
        r.status,
        JSON.stringify(r.reasons),
        r.message,
        r.decidedBy,
        r.decidedAt,
      ],
    );
  },
};
