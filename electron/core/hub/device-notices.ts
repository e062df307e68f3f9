// Marking data-health notices read, by who asks. The venue's notices (the hub's files) are a
// manager's to mark read on a manager's device, a workstation or the hub itself. A kiosk device may
// ask (device-access.ts) only so that the hub checks a manager is signed in at that kiosk before the
// kiosk marks its own notices read (host/satellite-health.ts); one of the venue's from a kiosk is
// refused, whatever a modified screen sends.
import { AppError } from '../../../shared/app-error';
import type { DataHealthView } from '../../../shared/data-health';
import type { DataHealth } from '../storage/data-health';
import { currentCaller, type Caller } from '../caller';

export const KIOSK_VENUE_NOTICES =
  "A kiosk marks only its own notices read; the venue's are marked read on a manager's device or the hub";

export function dismissNotices(
  dataHealth: DataHealth,
  ids: string[],
  caller: Caller = currentCaller(),
): DataHealthView {
  if (caller.deviceRole === 'kiosk' && ids.length > 0)
    throw new AppError('forbidden', KIOSK_VENUE_NOTICES, { by: 'venue' });
  return dataHealth.dismiss(ids);
}
