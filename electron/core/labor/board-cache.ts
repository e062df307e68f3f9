// The last board the service gave us, on disk, so a kiosk restarted during an outage still shows
// who is on shift.
import { z } from 'zod';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { BoardCache } from './board';
import type { DamageSink } from '../storage/data-health';

const FILE = 'labor-board.json';

const entry = z.object({
  uuid: z.string(),
  kind: z.enum(['shift', 'break']),
  shiftUuid: z.string().nullable(),
  punchType: z.string(),
  userId: z.string(),
  role: z.string().nullable(),
  roleUuid: z.string().nullable(),
  punchIn: z.number(),
  punchOut: z.number().nullable(),
  declaredTips: z.number().nullable(),
  fiscalDay: z.string(),
  created: z.number().nullable(),
});
const schema = z
  .object({
    locationUuid: z.string(),
    fetchStartedAt: z.number(),
    fetchedAt: z.number(),
    open: z.array(entry),
    recentBreaks: z.array(entry),
  })
  .nullable();

export function loadBoardCache(dir: string, damage?: DamageSink): BoardCache | null {
  return loadJsonFile(dir, FILE, schema, () => null, {
    damage,
    label: 'The saved board of who is on shift',
    consequence: 'the board is read from the service again',
  }).value;
}

export function saveBoardCache(dir: string, cache: BoardCache | null): void {
  saveJsonFile(dir, FILE, cache);
}
