// The group's views across venues: takings and open tabs, who is on shift where, hours per person,
// refunds with their approver, held and refused punches, and devices or data worth a call. The
// filters (venues, a day) apply to all of them; the payroll CSV is the hours table as a file.
import type { ReactNode } from 'react';
import type { OfficeView } from '../../../shared/group';
import { formatMoney } from '../../../shared/money';
import { query, useOffice } from './office-store';

const time = (ms: number) => new Date(ms).toLocaleString();
const hours = (ms: number) => (ms / 3_600_000).toFixed(2);

export function OfficePage() {
  const { view, error, filter } = useOffice();
  return (
    <main className="office">
      <header>
        <h1>Back office</h1>
        <Filters view={view} />
        <a className="csv" href={`/api/payroll.csv?${query(filter)}`} download>
          Payroll CSV
        </a>
        {view && (
          <span className="lag">{view.lagMs === null ? '' : `Up to date within ${Math.round(view.lagMs)} ms`}</span>
        )}
      </header>
      {error && <p role="alert">The office did not answer: {error}</p>}
      {view && (
        <>
          <Section title="Takings and open tabs">
            <Table
              head={['Venue', 'Open tabs', 'Open total', 'Closed tabs', 'Takings', 'Events', 'Last heard']}
              rows={view.takings.map((t) => [
                t.venueName,
                String(t.openTabs),
                formatMoney(t.openTotal),
                String(t.closedTabs),
                formatMoney(t.takings),
                String(t.events),
                t.lastStatusAt ? time(t.lastStatusAt) : 'never',
              ])}
            />
          </Section>
          <Section title="On shift now">
            {view.takings.map((t) => (
              <section key={t.venueId} aria-label={`On shift at ${t.venueName}`} className="venue-shift">
                <h3>{t.venueName}</h3>
                <ul>
                  {view.onShift
                    .filter((r) => r.venueId === t.venueId)
                    .map((r) => (
                      <li key={r.userId}>
                        {r.name}
                        {r.role ? ` (${r.role})` : ''} since {time(r.since)}
                        {r.onBreak ? ', on a break' : ''}
                      </li>
                    ))}
                </ul>
              </section>
            ))}
          </Section>
          <Section title="Hours per person">
            <Table
              head={['Person', 'Venue', 'Shifts', 'Hours']}
              rows={view.hours.map((h) => [h.name, nameOf(view, h.venueId), String(h.shifts), hours(h.workedMs)])}
            />
          </Section>
          <Section title="Refunds">
            <Table
              head={['Venue', 'When', 'Amount', 'Outcome', 'Approved by']}
              rows={view.refunds.map((r) => [
                nameOf(view, r.venueId),
                time(r.at),
                r.amount === null ? (r.askedAmount === null ? '—' : formatMoney(r.askedAmount)) : formatMoney(r.amount),
                r.state,
                r.approvedBy?.name ?? '—',
              ])}
            />
          </Section>
          <Section title="Punches held or refused">
            <Table
              head={['Venue', 'Person', 'Punch', 'Taken', 'Status', 'Why']}
              rows={view.review.map((r) => [
                nameOf(view, r.venueId),
                r.name,
                r.action,
                time(r.capturedAt),
                r.status,
                r.message ?? r.reasons.join(', '),
              ])}
            />
          </Section>
          <Section title="Devices and data">
            <Table
              head={['Venue', 'What', 'Detail', 'When']}
              rows={view.problems.map((p) => [nameOf(view, p.venueId), p.title, p.detail, time(p.at)])}
            />
          </Section>
        </>
      )}
      {!view && !error && <p>Loading…</p>}
    </main>
  );
}

const nameOf = (view: OfficeView, venueId: string) =>
  view.venues.find((v) => v.venueId === venueId)?.venueName ?? venueId;

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
      <label>
        Day <input type="date" value={filter.day ?? ''} onChange={(e) => setFilter({ day: e.target.value || null })} />
      </label>
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

function Table({ head, rows }: { head: string[]; rows: string[][] }) {
  if (rows.length === 0) return <p className="empty">Nothing here.</p>;
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
