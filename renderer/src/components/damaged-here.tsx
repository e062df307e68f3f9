// Damaged saved data said where that data is shown, not only on Settings: a list built from a
// file that could not be read may be missing rows, and staff must know before they act on it
// (sell a card again, trust a board). Each screen names the files its rows come from.
import { useAppStore } from '../store';

/** The files (relative to the data folder, a trailing '/' for a folder) each screen's rows come from. */
export const SHOWN_FROM = {
  giftCards: ['tabs/gift-card-sales.json', 'webhooks/webhook-log/'],
  tabs: ['webhooks/webhook-log/', 'tabs/settings.json', 'tabs/dismissed-notices.json'],
  // Punches not yet on the service: without them the board and the hours lack someone's punch.
  // (The saved board is only a copy of the service's and is read again, so it is not listed.)
  board: ['labor-outbox.log', 'satellite-punches.log', 'hub/forwarded-punches.log'],
  timesheet: ['labor-outbox.log', 'labor-audit.log', 'satellite-punches.log'],
  events: ['webhooks/webhook-log/', 'webhook-settings.json'],
} as const;

/** The data-health notices about any of these files. */
export function useDamageOf(files: readonly string[]) {
  // The selector returns what the store holds: a fresh `[]` from inside it would be a new answer on
  // every read, and React would redraw without end (and unmount the app) before the first snapshot.
  const notices = useAppStore((s) => s.dataHealth?.notices) ?? [];
  return notices.filter((n) => files.some((f) => (f.endsWith('/') ? n.file.startsWith(f) : n.file === f)));
}

/** A warning at the top of the list it concerns: what this means here, then what was found. */
export function DamagedHere({
  files,
  meaning,
  className = 'warning problem damaged-here',
}: {
  files: readonly string[];
  /** What the damage means for this screen, in staff words. */
  meaning: string;
  className?: string;
}) {
  const found = useDamageOf(files);
  if (found.length === 0) return null;
  return (
    <div className={className} role="alert" data-testid="damaged-here">
      <strong>{meaning}</strong>
      <ul>
        {found.map((n) => (
          <li key={n.id}>{n.sentence}</li>
        ))}
      </ul>
      <span className="hint">A manager can see where the damaged copy was kept in Settings.</span>
    </div>
  );
}
