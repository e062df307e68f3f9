// The consistency rules of labor entries: a punch_out never before its punch_in, and a break
// always inside its shift (it starts at or after the shift's punch_in and, once the shift is
// closed, is itself closed no later than the shift's punch_out).
import type { LaborEntryRecord } from './labor-book';

interface Span {
  punchInMs: number;
  punchOutMs: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

export function checkOrder(span: Span): string | null {
  if (span.punchOutMs !== null && span.punchOutMs < span.punchInMs) {
    return `punch_out (${iso(span.punchOutMs)}) is before punch_in (${iso(span.punchInMs)}).`;
  }
  return null;
}

/** Why this break would lie outside this shift, or null when it fits. */
export function checkBreakInShift(shift: Span, brk: Span): string | null {
  if (brk.punchInMs < shift.punchInMs) {
    return `The break would start (${iso(brk.punchInMs)}) before its shift's punch_in (${iso(shift.punchInMs)}).`;
  }
  if (shift.punchOutMs === null) return null;
  if (brk.punchOutMs === null)
    return `The break would still be open after its shift ended (${iso(shift.punchOutMs)}); end the break first.`;
  if (brk.punchOutMs > shift.punchOutMs) {
    return `The break would end (${iso(brk.punchOutMs)}) after its shift's punch_out (${iso(shift.punchOutMs)}).`;
  }
  return null;
}

/** For an edited shift: the first of its breaks that would no longer fit. */
export function checkShiftAgainstBreaks(shift: Span, breaks: LaborEntryRecord[]): string | null {
  for (const b of breaks) {
    const problem = checkBreakInShift(shift, b);
    if (problem) return `${problem} (break ${b.uuid})`;
  }
  return null;
}
