// The keys besides its service uuid that a shift or break may have been published under
// (GroupEdit.entryKeys): a punch sent before the service gave its shift or break a uuid named it
// by the kiosk's local key, and a break-start that named no break left the office to key it by its
// punch. The outbox knows them for 36 hours; beyond, the time-card log knows each kiosk break's
// punch and local key, and the local ids it has written down beside their uuids.
import type { TimeCardLog } from '../labor/approval/time-card-log';
import type { Outbox } from '../labor/outbox';
import { isLocal, type Ref } from '../labor/punch';
import type { EntryKeys } from './log-messages';

export function entryKeysOf(outbox: Outbox, cards: TimeCardLog): EntryKeys {
  return (uuid) => {
    const keys = new Set<string>();
    const local = (ref: Ref | null) => {
      if (ref && isLocal(ref)) keys.add(`local:${ref.local}`);
    };
    const breakStart = (punchId: string, brk: Ref | null) => {
      keys.add(`punch:${punchId}`);
      local(brk);
    };
    for (const s of outbox.all()) {
      if (s.uuid !== uuid) continue;
      if (s.p.kind === 'break-start') breakStart(s.p.id, s.p.brk);
      else if (s.p.kind === 'shift-start') local(s.p.shift);
    }
    for (const b of cards.breakStartsOf(uuid)) breakStart(b.punchId, b.brk);
    for (const id of cards.localsOf(uuid)) keys.add(`local:${id}`);
    return [...keys];
  };
}
