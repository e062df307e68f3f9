// The entries of the view, each with its edits beside it (who, when, old → new) and an inline
// editor. Breaks sit under their shift's person so a night reads top to bottom.
import { Fragment, useState } from 'react';
import type { AuditChange, StaffRole, TimesheetRow } from '../../../../../shared/labor';
import { formatCents, formatDuration } from '../../../../../shared/labor-calc';
import { clockTime, dayTime, shortDay } from '../format';
import { EntryEditor } from './entry-editor';
import { TableHead, type Column } from '../../../components/table-head';
import { roleName } from '../role-name';
import { useMoneyFamily } from '../../../components/money-unit-notice';
import { moneyReadings } from '../../../../../shared/money-units';
import { formatMoney } from '../../../../../shared/money';

const TIMESHEET_COLUMNS: (string | Column)[] = [
  'Day',
  'Person',
  'Role',
  'Type',
  'In',
  'Out',
  { label: 'Length', numeric: true },
  { label: 'Tips', numeric: true },
  'Edits',
];

const FIELD: Record<AuditChange['field'], string> = {
  punch_in: 'in',
  punch_out: 'out',
  user_role_uuid: 'role',
  time_punch_type: 'type',
  declared_tips: 'tips',
};

function show(change: AuditChange, value: string | number | null, timezone: string | null): string {
  if (value === null) return change.field === 'punch_out' ? 'open' : 'none';
  if (change.field === 'declared_tips') return formatCents(Number(value));
  if (change.field === 'punch_in' || change.field === 'punch_out') return dayTime(Date.parse(String(value)), timezone);
  return String(value);
}

export function TimesheetTable({
  rows,
  token,
  roles,
  timezone,
  now,
  onEdited,
  breakFlags,
  rolesOf,
}: {
  rows: TimesheetRow[];
  token: string;
  roles: StaffRole[];
  timezone: string | null;
  now: number;
  onEdited(row: TimesheetRow): void;
  /** Missed or short breaks by shift uuid (shared/labor-csv.ts shiftBreakFlags). */
  breakFlags?: Map<string, string>;
  /** The roles an entry of this person may be given (theirs here), else every known role. */
  rolesOf?(userId: string): StaffRole[];
}) {
  const [editing, setEditing] = useState<string | null>(null);
  // Declared tips are a "number" field: while its unit is not decided both readings show, never one.
  const numbers = useMoneyFamily('numbers');
  if (rows.length === 0) return <p className="k-empty">No entries for these days and filters.</p>;
  return (
    <table className="k-table k-entries" aria-label="Entries">
      <TableHead columns={TIMESHEET_COLUMNS} actions />
      <tbody>
        {rows.map((r) => (
          <Fragment key={r.uuid}>
            <tr className={r.kind === 'break' ? 'k-tr-break' : ''} data-testid="entry-row" data-kind={r.kind}>
              <td>{shortDay(r.fiscalDay)}</td>
              <td>{r.name}</td>
              <td>{roleName(r.role)}</td>
              <td>
                {r.kind === 'shift' ? 'Shift' : r.punchType === 'paid_break' ? 'Paid break' : 'Break'}
                {breakFlags?.get(r.uuid) && (
                  <span className="k-warning" data-testid="break-flags">
                    {' '}
                    {breakFlags.get(r.uuid)}
                  </span>
                )}
              </td>
              <td>{clockTime(r.punchIn, timezone)}</td>
              <td>
                {r.punchOut === null ? (
                  <span className="k-badge k-badge-open">open</span>
                ) : (
                  clockTime(r.punchOut, timezone)
                )}
              </td>
              <td className="num">{formatDuration((r.punchOut ?? now) - r.punchIn)}</td>
              <td className="num">
                {r.kind === 'shift' && r.declaredTips !== null
                  ? moneyReadings(r.declaredTips, numbers, formatMoney)
                  : ''}
              </td>
              <td className="k-audit" data-testid="audit">
                {r.audit.map((a) => (
                  <div key={a.id} className="k-audit-item">
                    {/* Made after its pay period was signed off (features/approval). */}
                    {a.late && (
                      <span className="k-late-edit" data-testid="late-edit">
                        Late edit ·{' '}
                      </span>
                    )}
                    <strong>{a.byName}</strong>, {dayTime(a.at, timezone)}:{' '}
                    {a.changes
                      .map((c) => `${FIELD[c.field]} ${show(c, c.from, timezone)} → ${show(c, c.to, timezone)}`)
                      .join('; ')}
                    {a.reason && <div className="k-audit-reason">Reason: {a.reason}</div>}
                  </div>
                ))}
              </td>
              <td className="no-print">
                <button
                  type="button"
                  className="k-small"
                  onClick={() => setEditing(editing === r.uuid ? null : r.uuid)}
                  aria-label={`Edit ${r.kind} of ${r.name} at ${clockTime(r.punchIn, timezone)}`}
                >
                  Edit
                </button>
              </td>
            </tr>
            {editing === r.uuid && (
              <tr className="k-tr-editor">
                <td colSpan={10}>
                  <EntryEditor
                    token={token}
                    row={r}
                    roles={rolesOf ? rolesOf(r.userId) : roles}
                    timezone={timezone}
                    onCancel={() => setEditing(null)}
                    onSaved={(saved) => {
                      setEditing(null);
                      onEdited(saved);
                    }}
                  />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
