// The rules the hub applies with the schedule: what an early punch-in meets at the kiosk, when a
// missing person shows as late and as a no-show, and the grace after a scheduled end before the
// app clocks the person out (empty: only the business day's end does).
import { useState } from 'react';
import type { EarlyPunchRule, ScheduleRules } from '../../../../shared/labor-schedule';
import { useAction } from '../../hooks/use-action';

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
  const num = (key: 'earlyMinutes' | 'lateAfterMinutes' | 'noShowAfterMinutes') => ({
    value: String(r[key]),
    inputMode: 'numeric' as const,
    required: true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setSaved(false);
      setR({ ...r, [key]: Math.max(0, Math.round(Number(e.target.value) || 0)) });
    },
  });
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
      <label>
        Minutes before the start a punch-in is on time
        <input {...num('earlyMinutes')} />
      </label>
      <label>
        Late after (minutes past the start)
        <input {...num('lateAfterMinutes')} />
      </label>
      <label>
        No-show after (minutes past the start)
        <input {...num('noShowAfterMinutes')} />
      </label>
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
      {request.error && (
        <p className="k-error" role="alert">
          {request.error}
        </p>
      )}
      <div className="k-row">
        <button type="submit" className="k-small k-small-go" disabled={request.busy}>
          Save rules
        </button>
        {saved && <span className="k-hint">Saved.</span>}
      </div>
    </form>
  );
}
