// An optional note on the shift for the manager, at punch-in or punch-out: closed until asked for,
// so the quick path stays quick.
import { useId, useState } from 'react';
import { useKioskText } from '../i18n/use-kiosk-text';

/** As the core accepts (electron/core/labor/approval/punch-extras.ts). */
export const NOTE_MAX_CHARS = 500;

export function ShiftNoteField({ value, onChange }: { value: string; onChange(next: string): void }) {
  const { t } = useKioskText();
  const [open, setOpen] = useState(value !== '');
  const id = useId();
  if (!open)
    return (
      <button type="button" className="k-link" onClick={() => setOpen(true)} data-testid="add-shift-note">
        {t('shiftNote.add')}
      </button>
    );
  return (
    <div className="k-note">
      <label htmlFor={id}>{t('shiftNote.label')}</label>
      <textarea
        id={id}
        data-testid="shift-note"
        maxLength={NOTE_MAX_CHARS}
        rows={2}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
