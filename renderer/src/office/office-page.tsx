// The group's views across venues: takings and open tabs, who is on shift where, hours per person,
// refunds with their approver, held and refused punches, and devices or data worth a call. The
// filters (venues, a day) apply to all of them; the payroll CSV is the hours table as a file. A day
// is each venue's business day, and times are on each venue's clock: a venue that has not said
// its time zone yet has UTC days and times, and the page says so beside it.
import type { ReactNode } from 'react';
import type { OfficeVenue, OfficeView } from '../../../shared/group';
import { formatMoney } from '../../../shared/money';
import { query, useOffice } from './office-store';
import {
  REFUND_OUTCOME,
  dayName,
  dayWords,
  lagWords,
  personWithRole,
  punchAction,
  punchStatus,
  punchWhy,
  venueTime,
} from './office-words';

const hours = (ms: number) => (ms / 3_600_000).toFixed(2);

export function OfficePage() {
  const { view, error, filter } = useOffice();
  const onDay = filter.day ? ` on ${dayName(filter.day)}` : '';
  return (
    <main className="office">
      <header>
        <h1>Back office</h1>
        <Filters view={view} />
        <a className="csv" href={`/api/payroll.csv?${query(filter)}`} download>
          Payroll CSV
        </a>
        {view && (
          <span className="lag" role="status">
            {lagWords(view.lagMs)}
          </span>
        )}
      </header>
      {error && <p role="alert">The office did not answer: {error}</p>}
      {view && (
        <>
          <Section title="Takings and open tabs">
            <Table
              empty="No venue has sent anything yet."
              head={['Venue', 'Open tabs', 'Open total', 'Closed tabs', 'Takings', 'Events', 'Last heard', 'Days']}
              rows={view.takings.map((t) => {
                const venue = venueOf(view, t.venueId);
                return [
                  t.venueName,
                  String(t.openTabs),
                  formatMoney(t.openTotal),
                  String(t.closedTabs),
                  formatMoney(t.takings),
                  String(t.events),
                  t.lastStatusAt ? venueTime(t.lastStatusAt, venue) : 'Never',
                  dayWords(venue),
                ];
              })}
            />
            <ZoneNotes venues={view.venues.filter((v) => view.takings.some((t) => t.venueId === v.venueId))} />
          </Section>
          <Section title="On shift now">
            {view.takings.length === 0 && <p className="empty">Nobody is on shift at any venue.</p>}
            {view.takings.map((t) => {
              const people = view.onShift.filter((r) => r.venueId === t.venueId);
              const venue = venueOf(view, t.venueId);
              return (
                <section key={t.venueId} aria-label={`On shift at ${t.venueName}`} className="venue-shift">
                  <h3>{t.venueName}</h3>
                  {people.length === 0 ? (
                    <p className="empty">Nobody is on shift.</p>
                  ) : (
                    <ul>
                      {people.map((r) => (
                        <li key={r.userId}>
                          {personWithRole(r.name, r.role)} since {venueTime(r.since, venue)}
                          {r.onBreak ? ', on a break' : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                </section>
              );
            })}
          </Section>
          <Section title="Hours per person">
            <Table
              empty={`No finished shifts${onDay || ' yet'}.`}
              head={['Person', 'Venue', 'Shifts', 'Hours']}
              rows={view.hours.map((h) => [h.name, nameOf(view, h.venueId), String(h.shifts), hours(h.workedMs)])}
            />
          </Section>
          <Section title="Refunds">
            <Table
              empty={`No refunds${onDay || ' yet'}.`}
              head={['Venue', 'When', 'Amount', 'Outcome', 'Approved by']}
              rows={view.refunds.map((r) => [
                nameOf(view, r.venueId),
                venueTime(r.at, venueOf(view, r.venueId)),
                r.amount === null ? (r.askedAmount === null ? '—' : formatMoney(r.askedAmount)) : formatMoney(r.amount),
                REFUND_OUTCOME[r.state] ?? r.state,
                r.approvedBy?.name ?? '—',
              ])}
            />
          </Section>
          <Section title="Punches held or refused">
            <Table
              empty="No punch is waiting for a manager or was refused."
              head={['Venue', 'Person', 'Punch', 'Taken', 'Status', 'Why']}
              rows={view.review.map((r) => [
                nameOf(view, r.venueId),
                r.name,
                punchAction(r.action),
                venueTime(r.capturedAt, venueOf(view, r.venueId)),
                punchStatus(r.status),
                punchWhy(r),
              ])}
            />
          </Section>
          <Section title="Devices and data">
            <Table
              empty="No revoked devices, data problems or unplaced timesheet edits."
              head={['Venue', 'What', 'Detail', 'When']}
              rows={view.problems.map((p) => [
                nameOf(view, p.venueId),
                p.title,
                p.detail,
                venueTime(p.at, venueOf(view, p.venueId)),
              ])}
            />
          </Section>
        </>
      )}
      {!view && !error && <p>Loading…</p>}
    </main>
  );
}

const venueOf = (view: OfficeView, venueId: string): OfficeVenue | undefined =>
  view.venues.find((v) => v.venueId === venueId);

const nameOf = (view: OfficeView, venueId: string) => venueOf(view, venueId)?.venueName ?? venueId;

/** Venues whose days are UTC's until they say their zone: said plainly, not shown as fact. */
function ZoneNotes({ venues }: { venues: OfficeVenue[] }) {
  const unknown = venues.filter((v) => !v.timezone);
  if (unknown.length === 0) return null;
  return (
    <ul className="zone-notes" aria-label="Time zones not known">
      {unknown.map((v) => (
        <li key={v.venueId}>
          {v.venueName} has not said its time zone yet (an older release): its days are counted as UTC days and its
          times are shown in UTC until it does.
        </li>
      ))}
    </ul>
  );
}

function Filters({ view }: { view: OfficeView | null }) {
  const { filter, setFilter } = useOffice();
  const toggle = (id: string) =>
    setFilter({ venues: filter.venues.includes(id) ? filter.venues.filter((v) => v !== id) : [...filter.venues, id] });
  return (
    <fieldset className="filters">
      <legend>Show</legend>
      {(view?.venues ?? []).map((v) => (
        <label key={v.venueId}>
          <input type="checkbox" checked={filter.venues.includes(v.venueId)} onChange={() => toggle(v.venueId)} />
          {v.venueName}
        </label>
      ))}
      {filter.venues.length === 0 && <span className="hint">All venues</span>}
      <label>
        Business day{' '}
        <input
          type="date"
          value={filter.day ?? ''}
          aria-describedby="day-hint"
          onChange={(e) => setFilter({ day: e.target.value || null })}
        />
      </label>
      <span id="day-hint" className="hint">
        {filter.day ? `${dayName(filter.day)}, as each venue counts it` : 'All days'}
      </span>
      {filter.day && (
        <button type="button" onClick={() => setFilter({ day: null })}>
          Show all days
        </button>
      )}
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="panel" aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Table({ head, rows, empty }: { head: string[]; rows: string[][]; empty: string }) {
  if (rows.length === 0) return <p className="empty">{empty}</p>;
  return (
    <table>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={i}>
            {row.map((cell, j) => (
              <td key={j}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
