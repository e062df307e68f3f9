// Refunds with who approved them. One row per refund request: an outcome first unknown and then
// settled lands as two messages, and the settled one wins whatever order they are applied in.
import type { GroupRefund } from '../../../shared/group';
import { businessDaySql, type ReadModel } from './read-model';

export const refundsModel: ReadModel = {
  name: 'refunds',
  dated: [{ table: 'office_refunds', day: 'day', at: 'at' }],
  filters: ['venue.*.tabs.refund'],
  tables: ['office_refunds'],
  schema: `
    create table if not exists office_refunds (
      venue_id text not null, request_id text not null, tab_uuid text not null, payment_id text,
      state text not null, amount bigint, asked_amount bigint, items int not null, reason text,
      message text, approved_by_id text, approved_by_name text, at bigint not null, day text not null,
      primary key (venue_id, request_id));`,
  async apply(tx, m) {
    const r = m.payload as GroupRefund;
    await tx.query(
      `insert into office_refunds values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13::bigint,
         ${businessDaySql('$13::bigint', '$1')})
       on conflict (venue_id, request_id) do update set
         state = case when office_refunds.state = 'unknown' then excluded.state else office_refunds.state end,
         amount = coalesce(office_refunds.amount, excluded.amount),
         message = coalesce(excluded.message, office_refunds.message),
         approved_by_id = coalesce(office_refunds.approved_by_id, excluded.approved_by_id),
         approved_by_name = coalesce(office_refunds.approved_by_name, excluded.approved_by_name)`,
      [
        m.venueId,
        r.requestId,
        r.tabUuid,
        r.paymentId,
        r.state,
        r.amount,
        r.askedAmount,
        r.items,
        r.reason,
        r.message,
        r.approvedBy?.userId ?? null,
        r.approvedBy?.name ?? null,
        r.at,
      ],
    );
  },
};
