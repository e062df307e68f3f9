// One line per device in the hub's review list: how many of its punches wait, how many the hub
// refused (and how many more it no longer lists), and what a manager does with all of them at once:
// approve or reject every held one (in the order they were taken), or purge the device's part of
// the list (a stolen or broken device that filled it). The one-at-a-time rows stay below.
import type { PunchReviewItem, PunchReviewView } from '../../../../../shared/authority';

export interface DeviceActions {
  approveAll(punchIds: string[]): void;
  rejectAll(punchIds: string[], deviceName: string): void;
  purge(deviceId: string, deviceName: string): void;
}

interface DeviceLine {
  deviceId: string;
  deviceName: string;
  held: PunchReviewItem[];
  refused: number;
  unlisted: number;
}

/** Devices with anything waiting or refused, the one with most waiting first. */
export function deviceLines(view: PunchReviewView): DeviceLine[] {
  const lines = new Map<string, DeviceLine>();
  const line = (deviceId: string, deviceName: string): DeviceLine => {
    let l = lines.get(deviceId);
    if (!l) lines.set(deviceId, (l = { deviceId, deviceName, held: [], refused: 0, unlisted: 0 }));
    return l;
  };
  for (const i of view.items) {
    if (i.status === 'held') line(i.deviceId, i.deviceName).held.push(i);
    if (i.status === 'refused') line(i.deviceId, i.deviceName).refused++;
  }
  for (const u of view.unlisted ?? []) line(u.deviceId, u.deviceName).unlisted += u.refused;
  return [...lines.values()].sort((a, b) => b.held.length - a.held.length || a.deviceName.localeCompare(b.deviceName));
}

export function ReviewDevices({
  view,
  busy,
  actions,
}: {
  view: PunchReviewView;
  busy: boolean;
  actions: DeviceActions;
}) {
  const lines = deviceLines(view);
  if (lines.length === 0) return null;
  return (
    <ul className="k-review-devices" aria-label="Punches by device">
      {lines.map((l) => {
        const ids = l.held.map((i) => i.punchId);
        return (
          <li key={l.deviceId} data-testid="review-device">
            <strong>{l.deviceName}</strong>: {l.held.length} waiting, {l.refused} refused
            {l.unlisted > 0 && ` (and ${l.unlisted} more refused, no longer listed)`}{' '}
            {ids.length > 0 && (
              <>
                <button type="button" className="k-small" disabled={busy} onClick={() => actions.approveAll(ids)}>
                  Approve {ids.length} in order
                </button>{' '}
                <button
                  type="button"
                  className="k-small k-small-danger"
                  disabled={busy}
                  onClick={() => actions.rejectAll(ids, l.deviceName)}
                >
                  Reject {ids.length}
                </button>{' '}
              </>
            )}
            <button
              type="button"
              className="k-small k-small-danger"
              disabled={busy}
              onClick={() => actions.purge(l.deviceId, l.deviceName)}
            >
              Purge {l.deviceName}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
