// What the app found damaged in its data folder and kept aside. Shown to managers (Settings on a
// desktop, the manager area on a kiosk) and written to the log; nothing here is a secret.
import type { DeviceRole } from './hub';

/**
 * - `info`: something was cut off that nobody had been told was saved (a write torn by a power cut).
 * - `warning`: saved data could not be read; it is kept aside and the app carries on without it.
 * - `error`: the app cannot do its job safely until someone restores the file (the staff list).
 */
export type DataHealthSeverity = 'info' | 'warning' | 'error';

export interface DataHealthNotice {
  /** Stable per problem, so a notice reported again after a restart replaces the old one. */
  id: string;
  severity: DataHealthSeverity;
  /** The file, relative to the data folder ('labor-outbox.log', 'webhooks/webhook-log/seg-00000002.jsonl'). */
  file: string;
  /** Where the unreadable bytes were kept, relative to the data folder; null when nothing was left to keep (a missing file). */
  keptAs: string | null;
  /** How many records could not be read, when that can be counted exactly; null otherwise. */
  count: number | null;
  /** One plain sentence for a manager. */
  sentence: string;
  /** The technical reason, behind "Details". */
  detail: string;
  /** When it was found (Unix ms). */
  at: number;
  /**
   * On a paired device's screens, whose notice it is: the device's own files ('device') or the
   * venue's, from the hub ('venue'). Absent on the hub's (or a lone computer's) own screen, where
   * every notice is this computer's.
   */
  owner?: 'device' | 'venue';
}

/**
 * Whether this screen may mark `notice` read: never one that needs repair (it stays until the file
 * is fixed), and on a kiosk device only its own, since the venue's are a manager's device's or the
 * hub's to mark (the hub refuses them from a kiosk). `deviceRole`: this device's role when paired.
 */
export function mayMarkRead(notice: DataHealthNotice, deviceRole: DeviceRole | null): boolean {
  if (notice.severity === 'error') return false;
  return !(notice.owner === 'venue' && deviceRole === 'kiosk');
}

export interface DataHealthView {
  notices: DataHealthNotice[];
}
