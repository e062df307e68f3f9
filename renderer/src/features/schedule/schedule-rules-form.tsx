// The rules the hub applies with the schedule: what an early punch-in meets at the kiosk, when a
// missing person shows as late and as a no-show, and the grace after a scheduled end before the
// app clocks the person out (empty: only the business day's end does).
import { useState } from 'react';
import type { EarlyPunchRule, ScheduleRules } from '../../../../shared/labor-schedule';
import { useAction } from '../../hooks/use-action';
import { CountField } from '../../components/count-field';
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
  const minutes = (key: 'earlyMinutes' | 'lateAfterMinutes' | 'noShowAfterMinutes', label: string) => (
    <CountField
      label={label}
      value={r[key]}
      onChange={(value) => {
        setSaved(false);
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
        void request.run(async () => {
          const g = grace.trim();
          await onSave({ ...r, autoClockOutGraceMinutes: g === '' ? null : Math.max(0, Math.round(Number(g) || 0)) });
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
          value={grace}
          inputMode="numeric"
          onChange={(e) => {
            setSaved(false);
            setGrace(e.target.value);
          }}
        />
      </label>
      <SaveRow label="Save rules" error={request.error} busy={request.busy} saved={saved} />
    </form>
  );
}
