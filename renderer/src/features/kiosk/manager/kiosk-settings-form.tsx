// Alert limits and kiosk behaviour, in the units a manager thinks in (hours for shifts, minutes
// for breaks), plus the kiosk's location.
import { useState } from 'react';
import type { LaborSettings, LaborView } from '../../../../../shared/labor';
import { api } from '../../../api-context';
import { LocationPicker } from '../location-picker';
import { useAction } from '../../../hooks/use-action';
import { LaborRuleFields } from './labor-rule-fields';
import { CountField } from '../../../components/count-field';
import { SaveRow } from '../../../components/save-row';
import { checkSettings, settingProblem } from '../../../../../shared/labor-settings-words';

/** The settings kept as whole numbers, each shown in a unit of its own. */
const COUNTS = [
  'breakDueAfterMinutes',
  'breakLongAfterMinutes',
  'overtimeWarningMinutes',
  'idleSeconds',
  'fiscalDayStartHour',
] as const;
type Count = (typeof COUNTS)[number];

export function KioskSettingsForm({ token, labor }: { token: string; labor: LaborView }) {
  const [s, setS] = useState<LaborSettings>(labor.settings);
  const [changingLocation, setChangingLocation] = useState(false);
  const [saved, setSaved] = useState(false);
  const request = useAction();
  // A value the contract refuses (caught here, or by the core) is said next to its field; one this
  // form shows no field for is said at the save button.
  const problem = settingProblem(request.payload);
  const atField = problem !== null && (COUNTS as readonly string[]).includes(problem.key);
  const count = (key: Count, label: string, scale = 1) => (
    <CountField
      label={label}
      value={s[key]}
      scale={scale}
      problem={problem?.key === key ? problem.text : null}
      onChange={(value) => {
        setSaved(false);
        if (problem?.key === key) request.setError(null);
        setS({ ...s, [key]: value });
      }}
    />
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const refused = checkSettings(s);
    if (refused) {
      request.setError(refused);
      return;
    }
    void request.run(async () => {
      await api().laborSaveSettings(token, s);
      setSaved(true);
    });
  };
  return (
    <div className="k-manager-grid">
      <form className="k-card k-form" onSubmit={submit} aria-label="Kiosk settings">
        <h2>Alerts</h2>
        {count('breakDueAfterMinutes', 'Break due after (hours on shift without a break)', 60)}
        {count('breakLongAfterMinutes', 'Break running long after (minutes)')}
        {count('overtimeWarningMinutes', 'Warn before overtime (minutes)')}
        <h2>Payroll rules</h2>
        <label>
          Overtime rules (the board and the timesheet CSV)
          <select
            value={s.overtimePreset}
            onChange={(e) => {
              setSaved(false);
              setS({ ...s, overtimePreset: e.target.value as LaborSettings['overtimePreset'] });
            }}
          >
            <option value="us-federal">US federal: over 40 h a week</option>
            <option value="california">California: daily 8 h and 12 h, weekly 40 h, 7th day</option>
          </select>
        </label>
        <label>
          Required breaks (flagged on the timesheet CSV)
          <select
            value={s.breakPreset}
            onChange={(e) => {
              setSaved(false);
              setS({ ...s, breakPreset: e.target.value as LaborSettings['breakPreset'] });
            }}
          >
            <option value="none">None</option>
            <option value="california">California: meals by the 5th and 10th hour, 10 min rest per 4 h</option>
          </select>
        </label>
        <LaborRuleFields
          s={s}
          onChange={(next) => {
            setSaved(false);
            setS(next);
          }}
        />
        <h2>Kiosk</h2>
        {count('idleSeconds', 'Back to the PIN pad after (seconds without a touch)')}
        {count('fiscalDayStartHour', 'Business day starts at (hour, 0–23)')}
        <label className="k-check-label">
          <input
            type="checkbox"
            checked={s.nameTapNeedsPin}
            onChange={(e) => setS({ ...s, nameTapNeedsPin: e.target.checked })}
          />
          Ask for the PIN after someone taps their name
        </label>
        <label>
          Kiosk language (each person can switch at the PIN pad)
          <select
            value={s.kioskLanguage}
            onChange={(e) => {
              setSaved(false);
              setS({ ...s, kioskLanguage: e.target.value as LaborSettings['kioskLanguage'] });
            }}
          >
            <option value="en">English</option>
            <option value="es">Español (Spanish)</option>
          </select>
        </label>
        <label className="k-check-label">
          <input
            type="checkbox"
            checked={s.printSlip}
            onChange={(e) => {
              setSaved(false);
              setS({ ...s, printSlip: e.target.checked });
            }}
          />
          Offer a printed clock slip after punching out
        </label>
        <SaveRow
          label="Save settings"
          error={atField ? null : (problem?.text ?? request.error)}
          busy={request.busy}
          saved={saved}
        />
      </form>
      <section className="k-card" aria-label="Location">
        <h2>Location</h2>
        <p>
          This kiosk punches at <strong>{labor.location?.name}</strong>
          {labor.location?.timezone ? ` (${labor.location.timezone})` : ''}.
        </p>
        {changingLocation ? (
          <LocationPicker token={token} onDone={() => setChangingLocation(false)} />
        ) : (
          <button type="button" className="k-small" onClick={() => setChangingLocation(true)}>
            Change location
          </button>
        )}
      </section>
    </div>
  );
}
