// The screen's own part of the IPC contract: a part of the screen that failed to draw is told to
// the core, which writes it to the app's log (the renderer writes no files).
import type { ScreenErrorReport } from '../screen-errors';

export interface ScreenRequests {
  /** A part of this screen failed to draw: the core logs what was thrown and where. */
  reportScreenError: { args: [report: ScreenErrorReport]; result: null };
}

export type ScreenEvents = Record<never, never>;

export const screenChannelKeys: Record<keyof ScreenRequests, true> = { reportScreenError: true };

export const screenEventKeys: Record<keyof ScreenEvents, true> = {};
