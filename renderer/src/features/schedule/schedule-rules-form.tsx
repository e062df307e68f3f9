// The rules the hub applies with the schedule: what an early punch-in meets at the kiosk, when a
// missing person shows as late and as a no-show, and the grace after a scheduled end before the
// app clocks the person out (empty: only the business day's end does). Minutes outside the bounds
// the core holds them to are said next to their field, checked here before sending as well.
import { useState } from 'react';
import type { EarlyPunchRule, ScheduleRules } from '../../../../shared/labor-schedule';
import { checkScheduleRules, scheduleRuleProblem } from '../../../../shared/schedule-rules-words';
import { useAction } from '../../hooks/use-action';
import { CountField } from '../../components/count-field';
import { useFieldProblem } from '../../components/field-problem';
import { SaveRow } from '../../components/save-row';

export function ScheduleRulesForm({
  rules,
  onSave,
}: {
  rules: ScheduleRules;
  onSave(rules: ScheduleRules): Promise<void>;
}) {
  const [r, setR] = useState(rules);
  const [grace, setGrace] = useState(
    rules.autoClockOutGraceMinutes === null ? '' : String(rules.autoClockOutGraceMinutes),
  );
  const [saved, setSaved] = useState(false);
  const request = useAction();
  // Every limited rule has a field here, so a refusal naming one is said there; any other failure
  // is said at the save button.
  const problem = scheduleRuleProblem(request.payload);
  const problemOf = (key: keyof ScheduleRules) => (problem?.key === key ? problem.text : null);
  const edited = (key: keyof ScheduleRules) => {
    setSaved(false);
    if (problem?.key === key) request.setError(null);
  };
  const graceField = useFieldProblem(problemOf('autoClockOutGraceMinutes'));
  const minutes = (key: 'earlyMinutes' | 'lateAfterMinutes' | 'noShowAfterMinutes', label: string) => (
    <CountField
      label={label}
      value={r[key]}
      problem={problemOf(key)}
      onChange={(value) => {
        edited(key);
        setR({ ...r, [key]: value });
      }}
    />
  );
  return (
    <form
      className="k-card k-form"
      aria-label="Schedule rules"
      onSubmit={(e) => {
        e.preventDefault();
        const g = grace.trim();
        const next = { ...r, autoClockOutGraceMinutes: g === '' ? null : Math.max(0, Math.round(Number(g) || 0)) };
        const refused = checkScheduleRules(next);
        if (refused) {
          request.setError(refused);
          return;
        }
        void request.run(async () => {
          await onSave(next);
          setSaved(true);
        });
      }}
    >
      <h2>Schedule rules</h2>
      <label>
        Punching in early
        <select
          value={r.earlyPunch}
          onChange={(e) => {
            setSaved(false);
            setR({ ...r, earlyPunch: e.target.value as EarlyPunchRule });
          }}
        >
          <option value="off">Allowed any time</option>
          <option value="block">Not before the minutes below</option>
          <option value="manager">Earlier only with a manager’s PIN</option>
        </select>
      </label>
      {minutes('earlyMinutes', 'Minutes before the start a punch-in is on time')}
      {minutes('lateAfterMinutes', 'Late after (minutes past the start)')}
      {minutes('noShowAfterMinutes', 'No-show after (minutes past the start)')}
      <label>
        Clock out this many minutes after the scheduled end (empty: at the business day’s end)
        <input
          {...graceField.inputProps}
          value={grace}
          inputMode="numeric"
          onChange={(e) => {
            edited('autoClockOutGraceMinutes');
            setGrace(e.target.value);
          }}
        />
        {graceField.note}
      </label>
      <SaveRow label="Save rules" error={problem ? null : request.error} busy={request.busy} saved={saved} />
    </form>
  );
}
