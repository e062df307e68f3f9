// The office page's views, read from the read models' tables with the page's filters (venues, a
// day). A day is each venue's business day (its zone, its day-start hour; UTC until it has said
// its zone). Takings are the totals of the tabs closed that day; hours are each closed shift's
// length less its unpaid breaks, by the business day it started.
import type {
  EditRefusalKind,
  HoursRow,
  OfficeFilter,
  OfficeView,
  OfficeVenue,
  OnShiftRow,
  ProblemRow,
  RefundRow,
  ReviewRow,
  VenueTakings,
} from '../../shared/group';
import type { Sql } from './office-store';
import { businessDaySql } from './models/read-model';
import { deviceRoleName } from '../../shared/hub';

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** What the office is missing to apply an edit, by its refusal's kind. */
const UNPLACED: Record<EditRefusalKind, string> = {
  'shift-not-found': 'it names a shift the office has not heard of',
  'entry-not-found': 'it names a shift or break the office has not heard of',
};

export async function venuesOf(db: Sql): Promise<OfficeVenue[]> {
  const rows = await db.query<{
    venue_id: string;
    venue_name: string | null;
    timezone: string | null;
    start_hour: number | null;
  }>(
    `select v.venue_id, s.venue_name, z.timezone, z.start_hour from (
       select venue_id from office_status union select venue_id from office_events
       union select venue_id from office_punches union select venue_id from office_refunds) v
     left join office_status s on s.venue_id = v.venue_id
     left join office_venue_days z on z.venue_id = v.venue_id order by v.venue_id`,
  );
  return rows.map((r) => ({
    venueId: r.venue_id,
    venueName: r.venue_name ?? r.venue_id,
    timezone: r.timezone,
    dayStartHour: r.start_hour === null ? null : Number(r.start_hour),
  }));
}

export async function officeView(
  db: Sql,
  filter: OfficeFilter,
  stats: { applied: number; lagMs: number | null },
): Promise<OfficeView> {
  const all = await venuesOf(db);
  const venues = filter.venues.length > 0 ? all.filter((v) => filter.venues.includes(v.venueId)) : all;
  const ids = venues.map((v) => v.venueId);
  const day = filter.day;

  const takings: VenueTakings[] = [];
  for (const v of venues) {
    const [t] = await db.query<Record<string, unknown>>(
      `select count(*) filter (where closed_at is null) as open_tabs,
              coalesce(sum(total) filter (where closed_at is null), 0) as open_total,
              count(*) filter (where closed_at is not null and ($2::text is null or closed_day = $2)) as closed_tabs,
              coalesce(sum(total) filter (where closed_at is not null and ($2::text is null or closed_day = $2)), 0) as takings
       from office_tabs where venue_id = $1`,
      [v.venueId, day],
    );
    const [e] = await db.query<Record<string, unknown>>(
      'select count(*) as n from office_events where venue_id = $1 and ($2::text is null or day = $2)',
      [v.venueId, day],
    );
    const [s] = await db.query<{ at: string }>('select at from office_status where venue_id = $1', [v.venueId]);
    takings.push({
      venueId: v.venueId,
      venueName: v.venueName,
      openTabs: num(t.open_tabs),
      openTotal: num(t.open_total),
      closedTabs: num(t.closed_tabs),
      takings: num(t.takings),
      events: num(e.n),
      lastStatusAt: s ? Number(s.at) : null,
    });
  }

  const onShift: OnShiftRow[] = (
    await db.query<Record<string, unknown>>(
      `select venue_id, user_id, name, role, start_at, break_since from office_shifts
       where end_at is null and start_at is not null and venue_id = any($1) order by venue_id, name`,
      [ids],
    )
  ).map((r) => ({
    venueId: String(r.venue_id),
    userId: String(r.user_id),
    name: String(r.name),
    role: (r.role as string | null) ?? null,
    since: num(r.start_at),
    onBreak: r.break_since !== null,
  }));

  const hours: HoursRow[] = (
    await db.query<Record<string, unknown>>(
      `select user_id, max(name) as name, venue_id, count(*) as shifts,
              sum(greatest(end_at - start_at - unpaid_break_ms, 0)) as worked
       from office_shifts where end_at is not null and start_at is not null and venue_id = any($1)
         and ($2::text is null or ${businessDaySql('office_shifts.start_at', 'office_shifts.venue_id')} = $2)
       group by user_id, venue_id order by max(name), venue_id`,
      [ids, day],
    )
  ).map((r) => ({
    userId: String(r.user_id),
    name: String(r.name),
    venueId: String(r.venue_id),
    shifts: num(r.shifts),
    workedMs: num(r.worked),
  }));

  const refunds: RefundRow[] = (
    await db.query<Record<string, unknown>>(
      `select * from office_refunds where venue_id = any($1) and ($2::text is null or day = $2) order by at desc limit 500`,
      [ids, day],
    )
  ).map((r) => ({
    venueId: String(r.venue_id),
    requestId: String(r.request_id),
    tabUuid: String(r.tab_uuid),
    paymentId: (r.payment_id as string | null) ?? null,
    askedAmount: r.asked_amount === null ? null : num(r.asked_amount),
    items: num(r.items),
    reason: (r.reason as string | null) ?? null,
    state: r.state as RefundRow['state'],
    amount: r.amount === null ? null : num(r.amount),
    refundPaymentId: null,
    message: (r.message as string | null) ?? null,
    approvedBy: r.approved_by_name ? { userId: String(r.approved_by_id), name: String(r.approved_by_name) } : null,
    at: num(r.at),
  }));

  const review: ReviewRow[] = (
    await db.query<Record<string, unknown>>(
      `select * from office_review where venue_id = any($1) and status in ('held', 'refused') order by captured_at desc limit 500`,
      [ids],
    )
  ).map((r) => ({
    venueId: String(r.venue_id),
    punchId: String(r.punch_id),
    deviceId: '',
    deviceName: String(r.device_name),
    userId: String(r.user_id),
    name: String(r.name),
    action: String(r.action),
    capturedAt: num(r.captured_at),
    status: r.status as ReviewRow['status'],
    reasons: (r.reasons as string[]) ?? [],
    message: (r.message as string | null) ?? null,
    decidedBy: null,
    decidedAt: null,
  }));

  const problems: ProblemRow[] = [
    ...(
      await db.query<Record<string, unknown>>(
        `select venue_id, sentence, file, at from office_health where venue_id = any($1) order by at desc limit 200`,
        [ids],
      )
    ).map((r) => ({
      venueId: String(r.venue_id),
      kind: 'health' as const,
      title: String(r.sentence),
      detail: String(r.file),
      at: num(r.at),
    })),
    ...(
      await db.query<Record<string, unknown>>(
        `select venue_id, name, role, revoked_at from office_devices where venue_id = any($1) and revoked_at is not null
         order by revoked_at desc limit 200`,
        [ids],
      )
    ).map((r) => ({
      venueId: String(r.venue_id),
      kind: 'device' as const,
      title: `${String(r.name)} (${deviceRoleName(String(r.role))}) was revoked`,
      detail: '',
      at: num(r.revoked_at),
    })),
    ...(
      await db.query<Record<string, unknown>>(
        `select r.venue_id, r.kind, r.entry_uuid, e.by_name, e.reason, e.at from office_edit_refusals r
         join office_edits e using (venue_id, audit_id) where r.venue_id = any($1) and not r.placed
         order by e.at desc limit 200`,
        [ids],
      )
    ).map((r) => {
      const refusal = r.kind as EditRefusalKind;
      const reason = r.reason ? `"${String(r.reason)}"; ` : '';
      return {
        venueId: String(r.venue_id),
        kind: 'edit' as const,
        title: `A timesheet edit by ${String(r.by_name)} is not in these hours: ${UNPLACED[refusal]}`,
        detail: `${reason}kept, and applied once the venue's punches for it arrive (entry ${String(r.entry_uuid)})`,
        at: num(r.at),
        refusal,
      };
    }),
  ];

  return {
    venues: all,
    takings,
    onShift,
    hours,
    refunds,
    review,
    problems,
    applied: stats.applied,
    lagMs: stats.lagMs,
  };
}

/** Payroll across venues: one line per person and venue, hours to two decimals. */
export function payrollCsv(rows: HoursRow[], venueName: (id: string) => string): string {
  // A leading = + - @ would be a formula in a spreadsheet: such a cell starts with a quote mark.
  const cell = (raw: string) => {
    const text = /^[=+\-@]/.test(raw) ? `'${raw}` : raw;
    return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = ['person,user id,venue,shifts,hours'];
  for (const r of rows)
    lines.push(
      [
        cell(r.name),
        cell(r.userId),
        cell(venueName(r.venueId)),
        String(r.shifts),
        (r.workedMs / 3_600_000).toFixed(2),
      ].join(','),
    );
  return `${lines.join('\n')}\n`;
}
