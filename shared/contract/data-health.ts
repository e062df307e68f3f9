// The data-health part of the IPC contract: notices about damaged files in the data folder.
// The notices are also part of the first snapshot (AppSnapshot.dataHealth).
import type { DataHealthView } from '../data-health';

export interface DataHealthRequests {
  /** A manager has read these notices (kept across restarts until then). */
  dismissDataHealth: { args: [ids: string[]]; result: DataHealthView };
}

export interface DataHealthEvents {
  /** A file in the data folder could not be read; what was kept aside and how much. */
  dataHealth: DataHealthView;
}

/** Runtime list of this part's requests. */
export const dataHealthChannelKeys: Record<keyof DataHealthRequests, true> = { dismissDataHealth: true };

/** Runtime list of this part's events. */
export const dataHealthEventKeys: Record<keyof DataHealthEvents, true> = { dataHealth: true };
