// One way to get a sentence out of anything thrown, and one way to turn the technical sentences the
// core and the service produce into words for the person at the till: the sentence they need, and
// the original text kept as the "details" (shown behind a disclosure and written to the log).
import { formatMoney } from './money';
import { formatVenueTime } from './time';

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

export interface StaffWords {
  /** One sentence for the person who acted. */
  text: string;
  /** The original technical text, or null when the sentence already is the original. */
  detail: string | null;
}

export interface StaffContext {
  /** The venue's IANA time zone, for times inside messages (null: this computer's). */
  timezone?: string | null;
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const ISO = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})\b/g;
const HTTP_ROUTE = /\b(GET|POST|PUT|PATCH|DELETE) \/[^\s:,)]*/g;
const NETWORK =
  /fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|ETIMEDOUT|socket hang up|network|could not reach|unreachable/i;
const TIMEOUT = /timed? ?out|timeout|aborted/i;

/** Sentences for the kinds of failure a person meets, whatever route or code produced them. */
const RULES: { test: RegExp; text: string }[] = [
  {
    test: /oauth\/token|sign[- ]in required|invalid_grant|invalid_token|token (expired|was refused)|\b401\b/i,
    text: 'The app is not signed in to the service any more. Ask a manager to sign in again in Settings.',
  },
  {
    test: /\b403\b|forbidden|not allowed|insufficient_scope/i,
    text: 'The service does not allow this for this venue. Ask a manager to check the connection in Settings.',
  },
  { test: /\b429\b|too many requests|rate limit/i, text: 'The service is busy. Wait a moment and try again.' },
  {
    test: /\b5\d\d\b|server error|unavailable/i,
    text: 'The service had a problem on its side. Try again in a moment.',
  },
  // The webhook listener on this computer, not the service: what a manager can do about it.
  {
    test: /EADDRINUSE|address already in use/i,
    text: "Another program on this computer is already using the listener's port. Choose another port, or close that program.",
  },
  {
    test: /EACCES|permission denied/i,
    text: 'This computer does not let the app listen on that port. Choose a port above 1024.',
  },
  {
    test: /EADDRNOTAVAIL|address not available/i,
    text: 'This computer has no such network address. Use 127.0.0.1, or an address this computer has.',
  },
  { test: /spend[\s_-]*limit/i, text: 'This pass has reached its spending limit.' },
];

/**
 * What to show a person for a failure. Sentences that are already plain (no routes, codes, ids,
 * cents or UTC times) pass through unchanged; technical ones become a plain sentence, with the
 * original as detail.
 */
export function staffWords(error: unknown, context: StaffContext = {}): StaffWords {
  const raw = errorMessage(error).trim();
  if (!raw) return { text: 'Something went wrong. Try again.', detail: null };
  if (NETWORK.test(raw) && !/\b[45]\d\d\b/.test(raw)) {
    return {
      text: 'The service cannot be reached right now. Check the internet connection and try again.',
      detail: raw,
    };
  }
  if (TIMEOUT.test(raw) && !/\b[45]\d\d\b/.test(raw)) {
    return { text: 'The service took too long to answer. Try again in a moment.', detail: raw };
  }
  // The service's own reason after "answered GET /x with 400: <reason>" is worth keeping.
  const reason = /answered [A-Z]+ \S+ with (\d{3}): (.+)$/.exec(raw);
  for (const rule of RULES) {
    if (rule.test.test(raw) && !(reason && Number(reason[1]) < 500 && !/\b(401|403|429)\b/.test(reason[1])))
      return { text: rule.text, detail: raw };
  }
  const text = plainWords(reason ? reason[2] : raw, context);
  return { text, detail: text === raw ? null : raw };
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
