// Editing one entry (spec PATCH fields only): punch times in the venue's local time, role, break
// type, declared tips. The service's refusal is shown as it said it; nothing is audited then. An
// edit is a `once` request: its id is made at Save and kept with the change sent until the outcome
// is definite; an unknown outcome shows UnknownOutcome, whose Check again sends that same edit with
// that same id (the core answers with its recorded outcome, never edits twice), and Save stays off.
import { useState } from 'react';
import type { EntryPatch, StaffRole, TimesheetRow } from '../../../../../shared/labor';
import { api } from '../../../api-context';
import { fromLocalInput, toLocalInput, clockTime } from '../format';
import { centsToInput, parseDollars } from '../../../../../shared/money';
import { Problem } from '../../../components/problem';
import { UnknownOutcome } from '../../../components/unknown-outcome';
import { useAction } from '../../../hooks/use-action';
import { errorPayload, staffWords } from '../../../../../shared/errors';
import { failureDecides, holdRequest, type HeldRequest } from '../../../hooks/once-request';
import { useVenueZone } from '../../../hooks/use-venue-zone';
import { formatVenueTime } from '../../../../../shared/time';
import { roleName } from '../role-name';
import { LateEditNotice } from '../../approval/late-edit-notice';
import { ShiftNotes } from '../../approval/shift-notes';

/** The edit as it left, until its outcome is definite. */
type HeldEdit = HeldRequest<EntryPatch> & { unknown: boolean; detail: string | null; checked: string | null };

export interface EntryEditorProps {
  token: string;
  row: TimesheetRow;
  roles: StaffRole[];
  timezone: string | null;
  onSaved(row: TimesheetRow): void;
  onCancel(): void;
}

export function EntryEditor({ token, row, roles, timezone, onSaved, onCancel }: EntryEditorProps) {
  // The inputs show minutes; only a field the manager touched is sent, so seconds are never lost.
  const initial = {
    in: toLocalInput(row.punchIn, timezone),
    out: row.punchOut === null ? '' : toLocalInput(row.punchOut, timezone),
    tips: row.declaredTips === null ? '' : centsToInput(row.declaredTips),
  };
  const [punchIn, setPunchIn] = useState(initial.in);
  const [punchOut, setPunchOut] = useState(initial.out);
  const [open, setOpen] = useState(row.punchOut === null);
  const [roleUuid, setRoleUuid] = useState(row.roleUuid ?? '');
  const [punchType, setPunchType] = useState(row.punchType);
  const [tips, setTips] = useState(initial.tips);
  const [reason, setReason] = useState('');
  const request = useAction();
  const roleChoices = roles.filter((r) => r.roleUuid);

  // Checked in the form, before the service is asked: punch out must come after punch in.
  const inAt = fromLocalInput(punchIn, timezone);
  const outAt = open ? null : fromLocalInput(punchOut, timezone);
  // Only times the manager touched are checked: the inputs show minutes, so an untouched short
  // entry may read as in and out in the same minute.
  const touched = punchIn !== initial.in || punchOut !== initial.out || open !== (row.punchOut === null);
  const orderProblem =
    touched && inAt !== null && outAt !== null && outAt < inAt
      ? `Punch out must be after punch in (${clockTime(inAt, timezone)}).`
      : null;
  const parsedTips = tips.trim() === '' ? null : parseDollars(tips, { allowZero: true });
  const tipsProblem = parsedTips && !parsedTips.ok ? parsedTips.message : null;

  const [held, setHeld] = useState<HeldEdit | null>(null);
  const venueZone = useVenueZone();

  /** Sends the edit; an unknown outcome keeps it (and its id) for Check again, anything else lets go of it. */
  const edit = async (request: HeldRequest<EntryPatch>, answering: 'first' | 'check') => {
    try {
      const saved = await api().laborEditEntry(token, row.uuid, request.args, request.requestId);
      setHeld(null);
      onSaved(saved);
    } catch (error) {
      const problem = errorPayload(error);
      if (failureDecides(problem, answering)) {
        setHeld(null);
        throw error;
      }
      const at = formatVenueTime(Date.now(), venueZone);
      setHeld({
        ...request,
        unknown: true,
        detail: held?.detail ?? problem.message,
        checked: answering === 'check' ? `Checked at ${at}: still no clear answer (${staffWords(error).text})` : null,
      });
    }
  };

  const save = (e: React.FormEvent) => {
    e.preventDefault();
    if (orderProblem || tipsProblem || held) return;
    void request.run(async () => {
      const patch: EntryPatch = { reason: reason.trim() };
      if (punchIn !== initial.in) {
        const inMs = fromLocalInput(punchIn, timezone);
        if (inMs === null) throw new Error('Enter the punch-in date and time');
        patch.punchIn = inMs;
      }
      if (open && row.punchOut !== null) patch.punchOut = null;
      else if (!open && (punchOut !== initial.out || row.punchOut === null)) {
        const outMs = fromLocalInput(punchOut, timezone);
        if (outMs === null) throw new Error('Enter the punch-out date and time, or tick “Still open”');
        patch.punchOut = outMs;
      }
      if (roleUuid && roleUuid !== row.roleUuid) patch.roleUuid = roleUuid;
      if (punchType !== row.punchType) patch.punchType = punchType;
      if (row.kind === 'shift' && tips !== initial.tips) {
        patch.declaredTips = parsedTips && parsedTips.ok ? parsedTips.cents : null;
      }
      const edited = holdRequest(patch);
      setHeld({ ...edited, unknown: false, detail: null, checked: null });
      await edit(edited, 'first');
    });
  };

  const checkAgain = () => {
    if (!held?.unknown || request.busy) return;
    void request.run(() => edit(held, 'check'));
  };

  return (
    <form className="k-editor" onSubmit={save} aria-label={`Edit ${row.kind} of ${row.name}`}>
      {/* The change sent stays as it was, unchangeable, until its outcome is known. */}
      <fieldset className="k-editor-fields" disabled={held !== null}>
        <label>
          Punch in
          <input type="datetime-local" value={punchIn} onChange={(e) => setPunchIn(e.target.value)} required />
        </label>
        <label>
          Punch out
          <input
            type="datetime-local"
            value={punchOut}
            onChange={(e) => setPunchOut(e.target.value)}
            disabled={open}
            aria-invalid={orderProblem !== null}
            aria-describedby={orderProblem ? `order-${row.uuid}` : undefined}
          />
          {orderProblem && (
            <span className="field-error" id={`order-${row.uuid}`} role="alert">
              {orderProblem}
            </span>
          )}
        </label>
        <label className="k-check-label">
          <input type="checkbox" checked={open} onChange={(e) => setOpen(e.target.checked)} />
          Still open
        </label>
        {row.kind === 'shift' ? (
          <>
            <label>
              Role
              <select value={roleUuid} onChange={(e) => setRoleUuid(e.target.value)}>
                {!roleChoices.some((r) => r.roleUuid === row.roleUuid) && (
                  <option value={row.roleUuid ?? ''}>{row.role ? roleName(row.role) : 'unknown'}</option>
                )}
                {roleChoices.map((r) => (
                  <option key={r.roleUuid} value={r.roleUuid ?? ''}>
                    {roleName(r.role)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Declared tips ($)
              <input
                value={tips}
                onChange={(e) => setTips(e.target.value)}
                inputMode="decimal"
                placeholder="0.00"
                aria-label="Declared tips"
                aria-invalid={tipsProblem !== null}
              />
              {tipsProblem && (
                <span className="field-error" role="alert">
                  {tipsProblem}
                </span>
              )}
            </label>
          </>
        ) : (
          <label>
            Break type
            <select value={punchType} onChange={(e) => setPunchType(e.target.value)}>
              <option value="unpaid_break">Unpaid break</option>
              <option value="paid_break">Paid break</option>
              {!['unpaid_break', 'paid_break'].includes(row.punchType) && (
                <option value={row.punchType}>{row.punchType}</option>
              )}
            </select>
          </label>
        )}
        <LateEditNotice token={token} day={row.fiscalDay} />
        <label className="k-editor-reason">
          Reason for the change
          <input
            value={reason}
            maxLength={300}
            onChange={(e) => setReason(e.target.value)}
            placeholder="for example: forgot to punch out"
            aria-describedby={reason.trim() ? undefined : `reason-${row.uuid}`}
          />
          {!reason.trim() && (
            <span className="hint" id={`reason-${row.uuid}`}>
              Needed to save: it is kept with the edit, in the audit trail and the payroll CSV.
            </span>
          )}
        </label>
      </fieldset>
      <div className="k-row">
        <button
          type="submit"
          className="k-small k-small-go"
          disabled={request.busy || held !== null || orderProblem !== null || tipsProblem !== null || !reason.trim()}
          aria-describedby={reason.trim() ? undefined : `reason-${row.uuid}`}
        >
          {request.busy ? 'Saving…' : 'Save change'}
        </button>
        <button type="button" className="k-small" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {row.kind === 'shift' && (
        <ShiftNotes token={token} entryUuid={row.uuid} notes={row.notes ?? []} timezone={timezone} />
      )}
      <div className="k-editor-problem">
        <Problem text={request.error} detail={request.detail} />
        {held?.unknown && (
          <UnknownOutcome
            words={{
              title: 'This change may have been saved',
              text: 'No clear answer came back, so this may or may not have been done. Check again asks for its outcome; it never saves the change twice. Save stays off until the outcome is known.',
              check: 'Check again',
              checking: 'Checking…',
              details: 'Details',
            }}
            checked={held.checked}
            detail={held.detail}
            busy={request.busy}
            onCheck={checkAgain}
            buttonClass="k-small"
          />
        )}
      </div>
    </form>
  );
}
