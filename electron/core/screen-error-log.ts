// A part of a screen that failed to draw, written to the app's log where a venue's support person
// (and a failed test) finds what was thrown and where. A screen stuck in a failing redraw could
// report many times a second: the log takes a few a minute from each device and counts the rest,
// so one screen (or a tampered one) cannot crowd out another's. What a screen sends is text it
// chose: every line break and control character in it is written escaped, so a report can never
// start a line of its own that reads like the app's.
import type { HandlersOf } from '../../shared/contract';
import type { ScreenRequests } from '../../shared/contract/screen';
import type { ScreenErrorReport } from '../../shared/screen-errors';
import { currentCaller } from './caller';

/** Every screen-failure line starts with this, so a log (or a test) can pick them out. */
export const SCREEN_ERROR_LINE = 'A part of the screen failed to draw';

export const SCREEN_ERRORS_PER_MINUTE = 20;
const WINDOW_MS = 60_000;
/** Devices whose minute is remembered at once; past it, finished minutes are forgotten first. */
const MAX_CALLERS = 256;

interface Minute {
  start: number;
  written: number;
  dropped: number;
}

export function screenErrorHandlers(
  log: (line: string) => void,
  now: () => number = Date.now,
): HandlersOf<ScreenRequests> {
  const minutes = new Map<string, Minute>();
  const minuteOf = (caller: string, at: number): Minute => {
    let minute = minutes.get(caller);
    if (!minute) {
      if (minutes.size >= MAX_CALLERS)
        for (const [id, m] of minutes) if (at - m.start >= WINDOW_MS && m.dropped === 0) minutes.delete(id);
      if (minutes.size >= MAX_CALLERS) minutes.delete(minutes.keys().next().value!);
      minute = { start: at, written: 0, dropped: 0 };
      minutes.set(caller, minute);
    }
    if (at - minute.start >= WINDOW_MS) {
      minute.start = at;
      minute.written = 0;
    }
    return minute;
  };
  return {
    reportScreenError: async (report) => {
      const caller = currentCaller().deviceId;
      const minute = minuteOf(caller, now());
      if (minute.written >= SCREEN_ERRORS_PER_MINUTE) {
        minute.dropped += 1;
        return null;
      }
      minute.written += 1;
      const skipped = minute.dropped > 0 ? ` (${minute.dropped} more not logged before this one)` : '';
      minute.dropped = 0;
      log(screenErrorLine(report, skipped));
      return null;
    },
  };
}

export function screenErrorLine(report: ScreenErrorReport, note = ''): string {
  const indent = (text: string) =>
    text
      .trim()
      .split(/\r\n|[\n\r\u2028\u2029]/)
      .map((line) => `    ${escaped(line.trim())}`)
      .join('\n');
  const parts = [`${SCREEN_ERROR_LINE} (${escaped(report.area)}): ${escaped(report.message)}${note}`];
  // V8's stack starts with the message again.
  const stack = report.stack?.startsWith(report.message) ? report.stack.slice(report.message.length) : report.stack;
  if (stack?.trim()) parts.push(`  thrown at:\n${indent(stack)}`);
  if (report.componentStack) parts.push(`  in the components:\n${indent(report.componentStack)}`);
  return parts.join('\n');
}

/** Line breaks as \n and \r, any other control character as \u00XX: one line, as sent. */
function escaped(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) =>
    c === '\n' ? '\\n' : c === '\r' ? '\\r' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
