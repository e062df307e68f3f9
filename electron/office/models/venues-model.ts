// The venues themselves: each one's last status heartbeat, its devices, its data-health notices,
// and the zone and day-start hour it counts its business days by (office_venue_days), as its
// heartbeat says them. When a venue first says them, or they change, every row of that venue
// that holds a business day (the other models' `dated` columns) is dated again by them; a venue
// whose heartbeat says none (an earlier release's) keeps UTC days until it does.
import type { GroupDevice, GroupHealth, GroupStatus } from '../../../shared/group';
import type { Sql } from '../office-store';
import { businessDaySql, VENUE_DAYS_LOCK, type DatedColumn, type ReadModel } from './read-model';

/** `dated`: every model's business-day columns, dated again when a venue's zone changes. */
export function createVenuesModel(dated: DatedColumn[]): ReadModel {
  return {
    name: 'venues',
    filters: ['venue.*.status', 'venue.*.devices', 'venue.*.health'],
    tables: ['office_status', 'office_devices', 'office_health', 'office_venue_days'],
    schema: `
    create table if not exists office_status (
      venue_id text primary key, venue_name text not null, at bigint not null, punches_waiting int not null,
      punches_failed int not null, webhooks jsonb not null, listener text not null);
    create table if not exists office_devices (
      venue_id text not null, device_id text not null, name text not null, role text not null,
      paired_at bigint not null, revoked_at bigint, primary key (venue_id, device_id));
    create table if not exists office_health (
      venue_id text not null, notice_id text not null, severity text not null, file text not null,
      count int, sentence text not null, at bigint not null, primary key (venue_id, notice_id));
    create table if not exists office_venue_days (
      venue_id text primary key, timezone text not null, start_hour int not null, heard_at bigint not null);`,
    async apply(tx, m) {
      if (m.kind === 'status') {
        const s = m.payload as GroupStatus;
        await tx.query(
          `insert into office_status values ($1, $2, $3, $4, $5, $6, $7) on conflict (venue_id) do update set
           venue_name = excluded.venue_name, at = excluded.at, punches_waiting = excluded.punches_waiting,
           punches_failed = excluded.punches_failed, webhooks = excluded.webhooks, listener = excluded.listener
         where excluded.at >= office_status.at`,
          [m.venueId, s.venueName, s.at, s.punchesWaiting, s.punchesFailed, JSON.stringify(s.webhooks), s.listener],
        );
        if (s.businessDay) await noteBusinessDay(tx, m.venueId, s.businessDay, s.at, dated);
      } else if (m.kind === 'devices') {
        const d = m.payload as GroupDevice;
        await tx.query(
          `insert into office_devices values ($1, $2, $3, $4, $5, $6) on conflict (venue_id, device_id) do update set
           name = case when $7 = 'renamed' then excluded.name else office_devices.name end,
           revoked_at = coalesce(office_devices.revoked_at, excluded.revoked_at)`,
          [m.venueId, d.deviceId, d.name, d.role, d.pairedAt, d.revokedAt, d.change],
        );
      } else if (m.kind === 'health') {
        const h = m.payload as GroupHealth;
        await tx.query(
          `insert into office_health values ($1, $2, $3, $4, $5, $6, $7) on conflict (venue_id, notice_id) do update set
           count = excluded.count, sentence = excluded.sentence, at = greatest(office_health.at, excluded.at)`,
          [m.venueId, h.noticeId, h.severity, h.file, h.count, h.sentence, h.at],
        );
      }
    },
  };
}

/**
 * Keeps the zone and day-start hour a venue's newest heartbeat says, and dates that venue's rows
 * again when they change. A zone this office's Postgres does not know is not kept: its days stay
 * as they were rather than fail every batch after.
 */
async function noteBusinessDay(
  tx: Sql,
  venueId: string,
  said: NonNullable<GroupStatus['businessDay']>,
  at: number,
  dated: DatedColumn[],
): Promise<void> {
  const { timezone, startHour } = said;
  if (typeof timezone !== 'string' || !Number.isInteger(startHour) || startHour < 0 || startHour > 23) return;
  const [kept] = await tx.query<{ timezone: string; start_hour: number; heard_at: string }>(
    'select timezone, start_hour, heard_at from office_venue_days where venue_id = $1',
    [venueId],
  );
  if (kept && Number(kept.heard_at) > at) return;
  if (kept && kept.timezone === timezone && Number(kept.start_hour) === startHour) {
    await tx.query('update office_venue_days set heard_at = $2 where venue_id = $1', [venueId, at]);
    return;
  }
  const known = await tx.query('select 1 from pg_timezone_names where name = $1', [timezone]);
  if (known.length === 0) return;
  await tx.query('select pg_advisory_xact_lock($1)', [VENUE_DAYS_LOCK]);
  await tx.query(
    `insert into office_venue_days values ($1, $2, $3, $4) on conflict (venue_id) do update set
       timezone = excluded.timezone, start_hour = excluded.start_hour, heard_at = excluded.heard_at`,
    [venueId, timezone, startHour, at],
  );
  for (const c of dated)
    await tx.query(
      `update ${c.table} set ${c.day} = ${businessDaySql(`${c.table}.${c.at}`, `${c.table}.venue_id`)}
       where venue_id = $1 and ${c.at} is not null`,
      [venueId],
    );
}
