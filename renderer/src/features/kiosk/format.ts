// Kiosk words; times come from the one venue clock in shared/time.ts.
export { clockTime, dayTime, longDay, shortDay, toLocalInput, fromLocalInput } from '../../../../shared/time';

export const ACTION_WORDS = {
  'punch-in': 'punched in',
  'break-start': 'on break',
  'break-end': 'back from break',
  'punch-out': 'punched out',
} as const;

export const ACTION_LABELS = {
  'punch-in': 'Punch in',
  'break-start': 'Break start',
  'break-end': 'Break end',
  'punch-out': 'Punch out',
} as const;
