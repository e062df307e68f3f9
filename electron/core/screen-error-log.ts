// A part of a screen that failed to draw, written to the app's log where a venue's support person
// (and a failed test) finds what was thrown and where. A screen stuck in a failing redraw could
// report many times a second: the log takes a few a minute and counts the rest.
import type { HandlersOf } from '../../shared/contract';
import type { ScreenRequests } from '../../shared/contract/screen';
import type { ScreenErrorReport } from '../../shared/screen-errors';

/** Every screen-failure line starts with this, so a log (or a test) can pick them out. */
export const SCREEN_ERROR_LINE = 'A part of the screen failed to draw';

const PER_MINUTE = 20;

export function screenErrorHandlers(
  log: (line: string) => void,
  now: () => number = Date.now,
): HandlersOf<ScreenRequests> {
  let windowStart = 0;
  let written = 0;
  let dropped = 0;
  return {
    reportScreenError: async (report) => {
      const at = now();
      if (at - windowStart >= 60_000) {
        windowStart = at;
        written = 0;
      }
      if (written >= PER_MINUTE) {
        dropped += 1;
        return null;
      }
      written += 1;
      const skipped = dropped > 0 ? ` (${dropped} more not logged before this one)` : '';
      dropped = 0;
      log(screenErrorLine(report, skipped));
      return null;
    },
  };
}

export function screenErrorLine(report: ScreenErrorReport, note = ''): string {
  const indent = (text: string) =>
    text
      .trim()
      .split('\n')
      .map((line) => `    ${line.trim()}`)
      .join('\n');
  const parts = [`${SCREEN_ERROR_LINE} (${report.area}): ${report.message}${note}`];
  // V8's stack starts with the message again.
  const stack = report.stack?.startsWith(report.message) ? report.stack.slice(report.message.length) : report.stack;
  if (stack?.trim()) parts.push(`  thrown at:\n${indent(stack)}`);
  if (report.componentStack) parts.push(`  in the components:\n${indent(report.componentStack)}`);
  return parts.join('\n');
}
