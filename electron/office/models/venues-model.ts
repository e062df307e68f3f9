// The venues themselves: each one's last status heartbeat, its devices, its data-health notices.
import type { GroupDevice, GroupHealth, GroupStatus } from '../../../shared/group';
import type { ReadModel } from './read-model';

export const venuesModel: ReadModel = {
  name: 'venues',
  filters: ['venue.*.status', 'venue.*.devices', 'venue.*.health'],
  tables: ['office_status', 'office_devices', 'office_health'],
  schema: `
    create table if not exists office_status (
      venue_id text primary key, venue_name text not null, at bigint not null, punches_waiting int not null,
      punches_failed int not null, webhooks jsonb not null, listener text not null);
    create table if not exists office_devices (
      venue_id text not null, device_id text not null, name text not null, role text not null,
      paired_at bigint not null, revoked_at bigint, primary key (venue_id, device_id));
    create table if not exists office_health (
      venue_id text not null, notice_id text not null, severity text not null, file text not null,
      count int, sentence text not null, at bigint not null, primary key (venue_id, notice_id));`,
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
