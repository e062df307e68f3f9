// A satellite's screens read one list of data problems: the hub's, as its snapshot and pushes carry
// them, and the satellite's own (its pairing, its punch queue, its roster copy, its folder's
// modes), which the hub never sees. Without this the satellite's own notices were logged and
// nowhere else: its screens read the hub's snapshot, and a damaged queue line kept aside on the
// kiosk was never shown there. Its own notices keep their file names (a screen's warning finds
// them by file) and get an id of their own, so one of the hub's with the same file is not taken
// for it. Marking them read goes to the hub first: it checks, as for its own, that a manager is
// signed in on this device, and only then are this device's marked read too. A kiosk device may
// mark only its own read (shared/contract/device-access.ts), never the venue's.
import type { DataHealthNotice, DataHealthView } from '../../shared/data-health';
import type { AppSnapshot } from '../../shared/domain';
import type { DataHealth } from '../core/storage/data-health';

/** The id prefix of the satellite's own notices. */
export const OWN_NOTICE = 'this-device:';

export class SatelliteHealth {
  private hub: DataHealthNotice[] = [];

  constructor(
    private readonly own: DataHealth,
    /** The merged list, to push to this device's screens. */
    private readonly emit: (view: DataHealthView) => void,
  ) {
    own.events.on('dataHealth', () => this.emit(this.view()));
  }

  view(): DataHealthView {
    const mine = this.own.view().notices.map((n) => ({ ...n, id: `${OWN_NOTICE}${n.id}`, owner: 'device' as const }));
    const venue = this.hub.map((n) => ({ ...n, owner: 'venue' as const }));
    return { notices: [...mine, ...venue].sort((a, b) => rank(b) - rank(a) || b.at - a.at) };
  }

  /** The hub's list changed (a push, or the list in its snapshot). */
  fromHub(view: DataHealthView | undefined): void {
    this.hub = view?.notices ?? [];
  }

  /** The hub's snapshot (or the kiosk's copy of it) with this device's notices in it. */
  snapshot(snapshot: AppSnapshot): AppSnapshot {
    this.fromHub(snapshot.dataHealth);
    return { ...snapshot, dataHealth: this.view() };
  }

  /**
   * Marks `ids` read: the hub's by asking it (which also decides whether this device may), then this
   * device's. A kiosk (`venue` false) marks only its own: the venue's notices are for a manager's
   * device or the hub, so it asks the hub with none of them, which still checks that a manager is
   * signed in on this device, and the venue's stay in the list as they were.
   */
  async dismiss(
    ids: string[],
    onHub: (ids: string[]) => Promise<DataHealthView>,
    options: { venue: boolean } = { venue: true },
  ): Promise<DataHealthView> {
    const mine = ids.filter((id) => id.startsWith(OWN_NOTICE)).map((id) => id.slice(OWN_NOTICE.length));
    const venue = ids.filter((id) => !id.startsWith(OWN_NOTICE));
    this.fromHub(await onHub(options.venue ? venue : []));
    if (mine.length > 0) this.own.dismiss(mine);
    return this.view();
  }
}

function rank(notice: DataHealthNotice): number {
  return notice.severity === 'error' ? 2 : notice.severity === 'warning' ? 1 : 0;
}
