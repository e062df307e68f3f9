// What the POS does to an item after it was ordered: void it, comp it or remove it. Each changes
// the item's status (so it drops out of totals and `spent`) and raises its 6.4 event.
import type { SandboxWorld } from '../world';
import { emitEvent } from './emit';
import { itemRemovedEvent, itemStatusEvent } from './event-data';
import type { ItemRecord } from './types';

export type ItemAction = 'void' | 'comp' | 'remove';

const STATUS = { void: 'VOIDED', comp: 'COMPED', remove: 'REMOVED' } as const;

export type ItemActionResult = { ok: true; item: ItemRecord } | { ok: false; status: 404 | 409; message: string };

export function applyItemAction(world: SandboxWorld, itemId: string, action: ItemAction): ItemActionResult {
  const item = world.tabs.items.get(itemId);
  if (!item) return { ok: false, status: 404, message: `No item ${itemId}.` };
  if (item.status !== 'ACTIVE')
    return { ok: false, status: 409, message: `Item ${itemId} is already ${item.status.toLowerCase()}.` };
  item.status = STATUS[action];
  const locationUuid = world.tabs.tabs.get(item.tabUuid)!.locationUuid;
  if (action === 'remove') emitEvent(world, itemRemovedEvent(item, locationUuid));
  else emitEvent(world, itemStatusEvent(action === 'void' ? 'ITEM_VOIDED' : 'ITEM_COMPED', item, locationUuid));
  return { ok: true, item };
}
