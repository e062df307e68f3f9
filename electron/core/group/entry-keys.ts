// The keys besides its service uuid that a break may have been published under (GroupEdit.entryKeys):
// a break-start sent before the service gave it a uuid named the break by its local key, and one
// that named no break left the office to key it by its punch. The outbox knows both for 36 hours;
// the time-card log, which keeps every kiosk break's kind with its punch and local key, beyond.
import type { TimeCardLog } from '../labor/approval/time-card-log';
import type { Outbox } from '../labor/outbox';
import { isLocal, type Ref } from '../labor/punch';
import type { EntryKeys } from './log-messages';

export function entryKeysOf(outbox: Outbox, cards: TimeCardLog): EntryKeys {
  return (uuid) => {
    const keys = new Set<string>();
    const add = (punchId: string, brk: Ref | null) => {
      keys.add(`punch:${punchId}`);
      if (brk && isLocal(brk)) keys.add(`local:${brk.local}`);
    };
    for (const s of outbox.all()) if (s.p.kind === 'break-start' && s.uuid === uuid) add(s.p.id, s.p.brk);
    for (const b of cards.breakStartsOf(uuid)) add(b.punchId, b.brk);
    return [...keys];
  };
}
