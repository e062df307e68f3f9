// The bounds of the kiosk's whole-number settings, once: the contract's schema refuses outside them
// and the settings form checks them before it sends, so both say the same.
export const LABOR_SETTINGS_LIMITS = {
  breakDueAfterMinutes: { min: 15, max: 24 * 60 },
  breakLongAfterMinutes: { min: 1, max: 12 * 60 },
  overtimeAfterMinutes: { min: 60, max: 24 * 60 },
  overtimeWarningMinutes: { min: 0, max: 12 * 60 },
  idleSeconds: { min: 5, max: 600 },
  fiscalDayStartHour: { min: 0, max: 23 },
} as const;

export type LimitedSetting = keyof typeof LABOR_SETTINGS_LIMITS;
