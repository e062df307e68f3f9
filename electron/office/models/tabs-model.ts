// Accepted webhook events per venue, and the tabs they make: open tabs and takings by venue. The
// tabs are derived by the hub's own open-tabs projection (one per venue, fed the venue's events),
// so the office counts and sums a venue's tabs exactly as that venue's board does; the derived
// tabs are written to office_tabs after each batch. At start the projections are fed again from
// office_events, in stream order. An event counts on its venue's business day (read-model.ts
// businessDaySql), a tab's takings on the business day it closed.
import type { AcceptedEvent } from '../../../shared/webhooks';
import type { GroupEvent } from '../../../shared/group';
import { OpenTabsProjection } from '../../core/tabs/open-tabs-projection';
import { businessDaySql, type ReadModel } from './read-model';
import type { Sql } from '../office-store';

type Projections = Map<string, OpenTabsProjection>;

function projectionOf(projections: Projections, venueId: string): OpenTabsProjection {
  let p = projections.get(venueId);
  if (!p) {
    p = new OpenTabsProjection();
    p.takeChanged(); // starts collecting the tabs each batch changes
    projections.set(venueId, p);
  }
  return p;
}

function accepted(e: GroupEvent, msgId: string): AcceptedEvent {
  return {
    ...e,
    locationId: null,
    verification: 'verified',
    dedupeKey: msgId.replace(/^ev:/, ''),
  } as AcceptedEvent;
}

const applyTo = (projections: Projections, venueId: string, e: GroupEvent, msgId: string) => {
  const p = projectionOf(projections, venueId);
  if (p.types.has(e.type)) p.apply(accepted(e, msgId));
};

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The moment an event counts at: when the service made it, else when the hub heard it. */
const momentOf = (createdAt: string, receivedAt: number | undefined): number =>
  Date.parse(createdAt) || receivedAt || 0;

/** Version 1 to 2: each stored event's moment, as version 1 dated it, into its new `at`. */
async function keepEventMoments(tx: Sql): Promise<void> {
  await tx.query('alter table office_events add column if not exists at bigint');
  for (;;) {
    const rows = await tx.query<{ venue_id: string; msg_id: string; created_at: string; received_at: string | null }>(
      `select venue_id, msg_id, created_at, payload->>'receivedAt' as received_at from office_events
       where at is null limit 5000`,
    );
    if (rows.length === 0) break;
    await tx.query(
      `update office_events e set at = v.at from unnest($1::text[], $2::text[], $3::bigint[]) as v(venue_id, msg_id, at)
       where e.venue_id = v.venue_id and e.msg_id = v.msg_id`,
      [
        rows.map((r) => r.venue_id),
        rows.map((r) => r.msg_id),
        rows.map((r) => momentOf(r.created_at, r.received_at === null ? undefined : Number(r.received_at))),
      ],
    );
  }
  await tx.query('alter table office_events alter column at set not null');
}

/** One per office: its projections live as long as it does. */
export function createTabsModel(): ReadModel {
  const projections: Projections = new Map();
  return {
    name: 'tabs',
    // 2: each event keeps its moment (`at`), so its day can follow its venue's zone.
    version: 2,
    migrations: { 1: keepEventMoments },
    dated: [
      { table: 'office_events', day: 'day', at: 'at' },
      { table: 'office_tabs', day: 'closed_day', at: 'closed_at' },
    ],
    filters: ['venue.*.events.>'],
    tables: ['office_events', 'office_tabs'],
    schema: `
    create table if not exists office_events (
      venue_id text not null, msg_id text not null, seq bigint not null, type text not null,
      created_at text not null, day text not null, location_uuid text, payload jsonb not null,
      at bigint not null, primary key (venue_id, msg_id));
    create table if not exists office_tabs (
      venue_id text not null, tab_uuid text not null, name text, location_uuid text, opened_at bigint,
      closed_at bigint, closed_day text, total double precision not null, refunded double precision not null,
      primary key (venue_id, tab_uuid));`,
    async apply(tx, m) {
      const e = m.payload as GroupEvent;
      await tx.query(
        `insert into office_events (venue_id, msg_id, seq, type, created_at, day, location_uuid, payload, at)
         values ($1, $2, $3, $4, $5, ${businessDaySql('$6::bigint', '$1')}, $7, $8, $6) on conflict do nothing`,
        [
          m.venueId,
          m.msgId,
          m.seq,
          e.type,
          e.createdAt,
          momentOf(e.createdAt, e.receivedAt),
          e.locationUuid,
          JSON.stringify(e),
        ],
      );
      applyTo(projections, m.venueId, e, m.msgId);
    },
    async afterBatch(tx) {
      for (const [venueId, p] of projections) {
        for (const uuid of p.takeChanged()) {
          const t = p.tab(uuid);
          if (!t) continue;
          const closed = ms(t.closedAt);
          await tx.query(
            `insert into office_tabs values ($1, $2, $3, $4, $5, $6::bigint, ${businessDaySql('$6::bigint', '$1')}, $7, $8)
             on conflict (venue_id, tab_uuid) do update set
             name = excluded.name, location_uuid = excluded.location_uuid, opened_at = excluded.opened_at,
             closed_at = excluded.closed_at, closed_day = excluded.closed_day, total = excluded.total,
             refunded = excluded.refunded`,
            [
              venueId,
              t.uuid,
              t.name,
              t.locationUuid,
              ms(t.openedAt),
              closed,
              t.total,
              t.refunds.reduce((sum, r) => sum + r.amount, 0),
            ],
          );
        }
      }
    },
    async load(db: Sql) {
      projections.clear();
      const rows = await db.query<{ venue_id: string; msg_id: string; payload: GroupEvent }>(
        'select venue_id, msg_id, payload from office_events order by seq',
      );
      for (const r of rows) applyTo(projections, r.venue_id, r.payload, r.msg_id);
      for (const p of projections.values()) p.takeChanged();
    },
    reset() {
      projections.clear();
    },
  };
}
