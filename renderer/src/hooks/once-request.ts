// What a screen needs to send a `once` request (shared/contract/semantics.ts) exactly once: the id
// made at the press is kept with exactly what was sent until the outcome is definite, so "Check
// again" is that same request again, which the core answers from its ledger and never writes twice.
// Which failures decide an outcome is said here once, by kind, for every screen that sends one.
import type { ErrorPayload } from '../../../shared/app-error';
import { newRequestId } from '../../../shared/request-id';

/** A request as it left: the id made at the press and the arguments sent with it, unchanged. */
export interface HeldRequest<A> {
  requestId: string;
  args: A;
}

/** A new request: a new id, for a new press after a definite outcome or for something else to send. */
export function holdRequest<A>(args: A, makeId: () => string = newRequestId): HeldRequest<A> {
  return { requestId: makeId(), args };
}

/**
 * Whether a failure decides the request's outcome (it was refused, or never left), or leaves it
 * unknown. `first`: the answer to the press itself, where only `outcome-unknown` leaves it open.
 * `check`: the answer to "Check again", where a failure of the way to the core (no answer, a link
 * that is down, a bug) says nothing about the first request, which may still have been done.
 */
export function failureDecides(problem: ErrorPayload, answering: 'first' | 'check'): boolean {
  switch (problem.kind) {
    // `cannot-read`: the service answered a write in a form this app cannot read, so it may well
    // have done it.
    case 'outcome-unknown':
    case 'cannot-read':
      return false;
    // Said by a transport or this app, not by the core's record of the request.
    case 'unreachable':
    case 'timed-out':
    case 'internal':
    case 'unknown-channel':
    case 'untrusted-sender':
    case 'hub-identity-changed':
    case 'revoked':
    case 'local-failure':
    case 'data-damaged':
      return answering === 'first';
    case 'forbidden':
      return answering === 'first' || problem.data.by === 'service';
    // The core's or the service's answer about the request itself.
    case 'not-signed-in':
    case 'rate-limited':
    case 'service-failed':
    case 'spend-limit':
    case 'not-on-shift':
    case 'invalid':
    case 'conflict':
    case 'not-found':
    case 'pin-required':
    case 'locked-out':
    case 'punch-too-early':
    case 'break-too-short':
    case 'period-signed-off':
      return true;
  }
}
