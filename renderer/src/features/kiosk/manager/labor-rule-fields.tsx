// The venue's break block and business day end, inside the kiosk settings form.
import type { LaborSettings } from '../../../../../shared/labor';
import { BREAK_PRESETS, minimumBreakMinutes } from '../../../../../shared/labor-rules/breaks';

export function LaborRuleFields({ s, onChange }: { s: LaborSettings; onChange(next: LaborSettings): void }) {
  const minimum = minimumBreakMinutes(BREAK_PRESETS[s.breakPreset], false);
  return (
    <>
      <label className="k-check-label">
        <input
          type="checkbox"
          checked={s.blockEarlyBreakEnd}
          disabled={minimum === null && !s.blockEarlyBreakEnd}
          onChange={(e) => onChange({ ...s, blockEarlyBreakEnd: e.target.checked })}
        />
        Ending a break early needs a manager’s PIN
      </label>
      <p className="k-rule-hint">
        {minimum === null
          ? 'Choose required breaks above to set a minimum break length.'
          : `A break lasts at least ${minimum} min under these rules.`}
      </p>
      <label className="k-check-label">
        <input
          type="checkbox"
          checked={s.businessDayEnd !== null}
          onChange={(e) => onChange({ ...s, businessDayEnd: e.target.checked ? '04:00' : null })}
        />
        Clock out shifts left open at the end of the business day
      </label>
      {s.businessDayEnd !== null && (
        <label>
          Business day ends at (venue time)
          <input
            type="time"
            value={s.businessDayEnd}
            required
            onChange={(e) => onChange({ ...s, businessDayEnd: e.target.value || '04:00' })}
          />
        </label>
      )}
    </>
  );
}
