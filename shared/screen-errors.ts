// A part of a screen that failed to draw, as the renderer reports it to the core's log: which part,
// what was thrown, and where. The renderer writes no files; the core writes the line.

/** The longest text of each field; the renderer cuts to these so a report is never refused. */
export const SCREEN_ERROR_LIMITS = { area: 80, message: 2000, stack: 8000 } as const;

export interface ScreenErrorReport {
  /** The part of the screen that failed ("kiosk-board", "screen:tabs", "app"). */
  area: string;
  /** The error's name and message ("TypeError: x is undefined"). */
  message: string;
  /** Where it was thrown, when the browser says. */
  stack: string | null;
  /** The components it was thrown in, innermost first, when React says. */
  componentStack: string | null;
}
