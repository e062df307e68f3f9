// A real webhook receiver with the tabs board's projections behind it, on port 0, for the tests of
// its checkpoint: how many events the start replayed (`visited`), what it reported as damage and
// what it logged. The tabs core never reaches a service here (its API throws).
import { EventLog, WebhookReceiver, type WebhookReceiverOptions } from '../../electron/core/webhooks';
import type { DamageReport } from '../../electron/core/storage/data-health';
import { TabsService } from '../../electron/core/tabs/tabs-service';
import { SECRET, tempDir } from './webhook-fixtures';

export interface StartedTabs {
  receiver: WebhookReceiver;
  tabs: TabsService;
  url: string;
  /** Events the receiver's start replayed into the projections. */
  visited: number;
  reports: DamageReport[];
  lines: string[];
}

export async function startTabsReceiver(
  dataDir: string,
  options: { now: () => number; overlap: number; checkpoint?: boolean } & Partial<WebhookReceiverOptions>,
): Promise<StartedTabs> {
  const { now, overlap, checkpoint = true, ...rest } = options;
  const reports: DamageReport[] = [];
  const lines: string[] = [];
  const receiver = new WebhookReceiver({
    dataDir,
    secret: SECRET,
    now,
    checkpoint: checkpoint ? { overlap } : false,
    damage: (r) => reports.push(r),
    log: (line) => lines.push(line),
    ...rest,
  });
  const tabs = new TabsService({
    dataDir: tempDir(),
    api: () => {
      throw new Error('offline');
    },
    now,
  });
  let visited = 0;
  const original = EventLog.prototype.replay;
  EventLog.prototype.replay = function (this: EventLog, ...args: Parameters<EventLog['replay']>) {
    visited = original.apply(this, args);
    return visited;
  };
  try {
    receiver.addProjections(tabs.projections());
  } finally {
    EventLog.prototype.replay = original;
  }
  const { url } = await receiver.start();
  return { receiver, tabs, url: url!, visited, reports, lines };
}
