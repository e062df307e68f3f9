// One way to get a sentence out of anything thrown, and one way to say a failure to the person at
// the till: the words come from the failure's kind and data (shared/app-error.ts), never from the
// wording of its message; the message is kept as the "details" (behind a disclosure, and in the log).
import { AppError, readErrorPayload, type ErrorPayload } from './app-error';
import { formatMoney } from './money';
import { clockTime, clockTimeSeconds, formatVenueTime } from './time';

/** The message of anything thrown, without the IPC transport's prefix. */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : safeString(error);
  return message.replace(/^Error invoking remote method '[^']+': (Error: )?/, '');
}

function safeString(value: unknown): string {
  try {
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
  } catch {
    return String(value);
  }
}

/**
 * The kind, data and message of anything thrown or received: an AppError or a payload as it is,
 * anything else `internal` with its message (a sentence with no kind says nothing a screen may act on).
 */
export function errorPayload(error: unknown): ErrorPayload {
  if (error instanceof AppError) return error.toPayload();
  const payload = error instanceof Error ? null : readErrorPayload(error);
  return payload ?? { kind: 'internal', data: {}, message: errorMessage(error) };
}

export interface StaffWords {
  /** One sentence for the person who acted. */
  text: string;
  /** The original technical text, or null when the sentence already is the original. */
  detail: string | null;
}

export interface StaffContext {
  /** The venue's IANA time zone, for times inside messages (null: this computer's). */
  timezone?: string | null;
  /** Now, for "locked for 20 more seconds" (defaults to the clock). */
  now?: number;
  /** A person's name by user id, for "locked for Sam Lee". */
  nameOf?: (userId: string) => string | null;
}

/**
 * Which pad is locked, for whom and until when: "Too many wrong PINs. The PIN pad on this device
 * is locked for everyone until 9:04:12 PM (venue time), 24 s from now."
 */
export function lockWords(
  data: { until: number; userId: string | null; pad?: 'sign-in' | 'approval' },
  context: StaffContext = {},
): string {
  const pad = data.pad === 'approval' ? 'Refund approval on this device' : 'The PIN pad on this device';
  const who = data.userId ? `for ${context.nameOf?.(data.userId) ?? 'this person'}` : 'for everyone';
  const zone = context.timezone ? ' (venue time)' : '';
  const left = waitWords(data.until - (context.now ?? Date.now()));
  return `Too many wrong PINs. ${pad} is locked ${who} until ${clockTimeSeconds(data.until, context.timezone ?? null)}${zone}, ${left} from now.`;
}

/** "24 s", or "2 min 05 s" for the longer locks. */
export function waitWords(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const ISO = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})\b/g;
const HTTP_ROUTE = /\b(GET|POST|PUT|PATCH|DELETE) \/[^\s:,)]*/g;

/**
 * What to show a person for a failure: the sentence for its kind, with the technical message as
 * detail. Kinds whose message is already written for people (invalid, conflict, not-found, and
 * anything without a kind) show it in plain words: money in dollars, venue times, no routes or ids.
 */
export function staffWords(error: unknown, context: StaffContext = {}): StaffWords {
  const payload = errorPayload(error);
  const raw = payload.message.trim();
  const text = wordsFor(payload, context);
  if (!text) return { text: 'Something went wrong. Try again.', detail: raw || null };
  return { text, detail: text === raw || !raw ? null : raw };
}

/** The sentence for one failure, by its kind and data. */
export function wordsFor(payload: ErrorPayload, context: StaffContext = {}): string {
  const own = (said?: string | null) => plainWords(said?.trim() ? said : payload.message, context);
  switch (payload.kind) {
    case 'not-signed-in':
      return 'The app is not signed in to the service any more. Ask a manager to sign in again in Settings.';
    case 'forbidden':
      return payload.data.by === 'venue'
        ? 'The venue hub does not allow this device to do this. Ask a manager.'
        : 'The service does not allow this for this venue. Ask a manager to check the connection in Settings.';
    case 'rate-limited': {
      const wait = payload.data.retryAfterMs;
      return wait !== null && wait > 0
        ? `The service is busy. Try again in ${Math.ceil(wait / 1000)} seconds.`
        : 'The service is busy. Wait a moment and try again.';
    }
    case 'unreachable':
      return 'The service cannot be reached right now. Check the internet connection and try again.';
    case 'timed-out':
      return 'The service took too long to answer. Try again in a moment.';
    case 'outcome-unknown':
      return 'No clear answer came back, so this may or may not have been done. Check before trying it again.';
    case 'service-failed':
      return 'The service had a problem on its side. Try again in a moment.';
    case 'spend-limit':
      return spendLimitWords(payload.data);
    case 'not-on-shift':
      return payload.data.onBreak ? 'You are not on a break.' : 'You are not on shift.';
    case 'invalid':
      // The contract's refusal of arguments is worded by the form that knows the field
      // (payload.data.rule); anywhere else it gets a plain sentence, never the schema's wording.
      return payload.data.rule && !payload.data.said?.trim()
        ? 'One of the values entered is not allowed. Check what was entered and try again.'
        : own(payload.data.said);
    case 'conflict':
    case 'not-found':
      return own(payload.data.said);
    case 'cannot-read':
      return 'The service answered in a form this app cannot read. Try again; if it keeps happening, tell a manager.';
    case 'pin-required':
      return payload.data.role === 'manager' ? 'A manager must enter their PIN for this.' : 'Enter your PIN.';
    case 'locked-out':
      return lockWords(payload.data, context);
    case 'revoked':
      return 'A manager revoked this device on the venue hub: it can no longer be used. Ask a manager to pair it again.';
    case 'punch-too-early':
      return `You're ${payload.data.minutesEarly} minutes early: wait or ask a manager. You can punch in from ${clockTime(payload.data.allowedFrom, context.timezone ?? null)}.`;
    case 'break-too-short':
      return `A break here lasts at least ${payload.data.minimumMinutes} minutes: it can end at ${clockTime(payload.data.endsAt, context.timezone ?? null)}. A manager can allow it now with their PIN.`;
    case 'period-signed-off':
      return `This pay period (${payload.data.start} to ${payload.data.end}) was signed off by ${payload.data.byName}: say why it is changed; the change is kept as a late edit.`;
    case 'data-damaged':
      return 'Some data kept on this computer was damaged; it was set aside and kept. Tell a manager.';
    case 'local-failure':
      return localFailureWords(payload.data.code) ?? own();
    case 'unknown-channel':
    case 'untrusted-sender':
      return 'The app refused a request it does not know. Restart the app; if it keeps happening, tell a manager.';
    case 'hub-identity-changed':
      return 'This hub’s identity changed: pair again. Ask a manager to check the hub before pairing this device anew.';
    case 'internal':
      return own();
  }
}

/** "This order of $66.00 would take the pass past its $50.00 limit ($20.00 spent)." */
export function spendLimitWords(data: {
  limitCents: number | null;
  spentCents: number | null;
  orderCents: number | null;
  mode: 'pre' | 'post' | null;
}): string {
  const { limitCents: limit, spentCents: spent, orderCents: order, mode } = data;
  if (limit === null) return 'The service refused this order: it would take the pass past its spending limit.';
  const spentNote = spent === null ? '' : ` (${formatMoney(spent)} spent)`;
  if (mode === 'post' && spent !== null && spent >= limit)
    return `This pass has used its ${formatMoney(limit)} limit${spentNote}: the service takes no more orders on it.`;
  const what = order === null ? 'This order' : `This order of ${formatMoney(order)}`;
  return `${what} would take the pass past its ${formatMoney(limit)} limit${spentNote}.`;
}

/** The listener (or another local port) could not start: what a manager can do about it. */
function localFailureWords(code: string | null): string | null {
  switch (code) {
    case 'EADDRINUSE':
      return "Another program on this computer is already using the listener's port. Choose another port, or close that program.";
    case 'EACCES':
      return 'This computer does not let the app listen on that port. Choose a port above 1024.';
    case 'EADDRNOTAVAIL':
      return 'This computer has no such network address. Use 127.0.0.1, or an address this computer has.';
    case 'tunnel-timeout':
      return 'The tunnel did not come up in time: this computer may be offline, or ngrok may be blocked here.';
    case 'tunnel-offline':
      return 'Could not reach ngrok: this computer seems to be offline, or ngrok is blocked here.';
    default:
      return null;
  }
}

/** Wire words out of a sentence: cents as dollars, UTC times in the venue's zone, no ids or routes. */
export function plainWords(sentence: string, context: StaffContext = {}): string {
  let s = sentence;
  // "10000 is more than the 7400 cents" → "$100.00 is more than the $74.00"
  s = s.replace(/(\d+) cents\b/g, (_m, n: string) => formatMoney(Number(n)));
  // Other bare amounts in a sentence about cents are cents too, but never an id ("payment 1234").
  if (/\bcents?\b/i.test(sentence)) {
    s = s.replace(/(?<![$.\d])\b(\d{3,})\b(?![.\d])/g, (m, n: string, at: number) =>
      /(payment|item|tab|order|pass|id|no\.?|#)\s*$/i.test(s.slice(0, at)) ? m : formatMoney(Number(n)),
    );
  }
  s = s.replace(ISO, (iso) => {
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? iso : formatVenueTime(ms, context.timezone ?? null);
  });
  s = s.replace(HTTP_ROUTE, 'the service');
  s = s.replace(UUID, '').replace(/\b(id|uuid)\s*(?=[,.;:)]|$)/gi, '');
  // snake_case codes → words ("tab_not_found" → "tab not found")
  s = s.replace(/\b([a-z]+(?:_[a-z]+)+)\b/g, (code: string) => code.replace(/_/g, ' '));
  s = s
    .replace(/\s{2,}/g, ' ')
    .replace(/\s+([,.;:])/g, '$1')
    .replace(/\(\s*\)/g, '')
    .trim();
  if (s && !/[.!?]$/.test(s)) s += '.';
  return s.charAt(0).toUpperCase() + s.slice(1);
}
