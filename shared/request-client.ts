// The one request-by-id client, for every socket that carries the contract: the renderer's over the
// headless host's loopback WebSocket (renderer/src/bridge/ws-bridge.ts) and a satellite's over its
// TLS link to the hub (electron/core/hub/hub-link.ts). Plain TS with no DOM or Node types, so both
// sides run the same close rules instead of two copies that drifted apart:
//
// 1. A call is sent, or answered "not sent" (`unreachable`, safe to try again). A call that waits
//    for the socket and is given up is taken out of the queue, so it is never sent afterwards.
// 2. A call that was sent and whose answer is lost is `outcome-unknown` for a `once` channel (it may
//    have been done: never resend blind); for a read or idempotent one, `unreachable` when the
//    socket closed and `timed-out` when no answer came in time, since asking again harms nothing.
// 3. Nothing a caller was told about is sent afterwards, and a late answer to a settled id is
//    dropped.
// 4. Sent calls fail the moment the socket closes, not when their timer runs out.
import type { ErrorPayload } from './app-error';
import { readErrorPayload } from './app-error';
import { channelSemantics, type RequestSemantics } from './contract/semantics';

/** The socket, as the client needs it; its owner calls opened(), closed() and message() back. */
export interface RequestTransport {
  isOpen(): boolean;
  /** Hands one frame to the socket; a throw means it was not handed over. */
  send(frame: string): void;
}

export type RequestOutcome = { ok: true; result: unknown } | { ok: false; error: ErrorPayload };

/** Injectable for tests that step time by hand (fake timers would need a process of their own). */
export interface RequestTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface RequestClientOptions {
  transport: RequestTransport;
  /** The far side as a sentence names it: "the app host", "the venue hub". */
  peer: string;
  /**
   * A call made while the socket is down: `queue` waits for it to open, up to the call's timeout
   * (the loopback host restarts in a blink); `refuse` answers "not sent" at once (a satellite's
   * screen says the hub is offline instead of waiting on it).
   */
  whileDown: 'queue' | 'refuse';
  timers?: RequestTimers;
}

interface Entry {
  channel: string;
  frame: string;
  sent: boolean;
  timer: unknown;
  settle: (outcome: RequestOutcome) => void;
}

const realTimers: RequestTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};

/** What a repeat means; a channel the contract does not know is taken as the cautious `once`. */
export function semanticsOf(channel: string): RequestSemantics {
  return (channelSemantics as Record<string, RequestSemantics | undefined>)[channel] ?? 'once';
}

export class RequestClient {
  private nextId = 1;
  /** Every call not yet settled, queued or sent, in the order made (a Map keeps insertion order). */
  private readonly entries = new Map<number, Entry>();
  private readonly timers: RequestTimers;
  private readonly peer: string;
  /** The peer at the start of a sentence. */
  private readonly peerAtStart: string;

  constructor(private readonly options: RequestClientOptions) {
    this.timers = options.timers ?? realTimers;
    this.peer = options.peer;
    this.peerAtStart = options.peer.charAt(0).toUpperCase() + options.peer.slice(1);
  }

  /** Calls waiting for the socket, not yet sent. */
  get queued(): number {
    let n = 0;
    for (const entry of this.entries.values()) if (!entry.sent) n++;
    return n;
  }

  /** Calls sent and waiting for their answer. */
  get inFlight(): number {
    return this.entries.size - this.queued;
  }

  /**
   * Never rejects: the outcome says what happened. `timeoutMs` counts from the call (queued time
   * included); null waits for the answer or the socket's close.
   */
  call(channel: string, args: unknown[], timeoutMs: number | null): Promise<RequestOutcome> {
    if (!this.options.transport.isOpen() && this.options.whileDown === 'refuse') return Promise.resolve(this.notSent());
    const id = this.nextId++;
    return new Promise<RequestOutcome>((resolve) => {
      const entry: Entry = {
        channel,
        frame: JSON.stringify({ id, channel, args }),
        sent: false,
        timer: null,
        settle: (outcome) => {
          // Taken out first: whatever happens next, this id is never sent or settled again.
          this.entries.delete(id);
          if (entry.timer !== null) this.timers.clear(entry.timer);
          resolve(outcome);
        },
      };
      this.entries.set(id, entry);
      if (timeoutMs !== null)
        entry.timer = this.timers.set(() => {
          entry.timer = null;
          entry.settle(entry.sent ? this.noAnswerInTime(channel, timeoutMs) : this.notSent());
        }, timeoutMs);
      if (this.options.transport.isOpen()) this.trySend(entry);
      if (!entry.sent && this.options.whileDown === 'refuse') entry.settle(this.notSent());
    });
  }

  /** The socket opened: what waited for it goes out, oldest first. */
  opened(): void {
    for (const [id, entry] of [...this.entries]) {
      // A send may close the socket at once, and its close settle calls further on.
      if (entry.sent || !this.entries.has(id)) continue;
      if (!this.options.transport.isOpen()) return;
      this.trySend(entry);
    }
  }

  /**
   * The socket closed: every sent call fails now. `final`: the far side turned this client away
   * for good (a revoked device); every call, queued or sent, fails with it.
   */
  closed(final?: ErrorPayload): void {
    for (const entry of [...this.entries.values()]) {
      if (final) entry.settle({ ok: false, error: final });
      else if (entry.sent) entry.settle(this.lostOnClose(entry.channel));
      else if (this.options.whileDown === 'refuse') entry.settle(this.notSent());
    }
  }

  /**
   * A parsed frame from the socket. True when it was an answer (`{id, ok, …}`), even one for an id
   * already settled, which is dropped; false for anything else (events are the owner's).
   */
  message(parsed: unknown): boolean {
    if (typeof parsed !== 'object' || parsed === null) return false;
    const m = parsed as { id?: unknown; ok?: unknown; result?: unknown; error?: unknown; event?: unknown };
    if (typeof m.id !== 'number' || m.event !== undefined) return false;
    const entry = this.entries.get(m.id);
    // Never sent, so it cannot be its answer; or settled already, and the caller was told.
    if (!entry?.sent) return true;
    entry.settle(
      m.ok === true
        ? { ok: true, result: m.result }
        : {
            ok: false,
            error: readErrorPayload(m.error) ?? {
              kind: 'internal',
              data: {},
              message: `${this.peerAtStart} refused the request without saying why`,
            },
          },
    );
    return true;
  }

  private trySend(entry: Entry): void {
    try {
      this.options.transport.send(entry.frame);
      entry.sent = true;
    } catch {
      // Not handed over: it stays queued (or is refused by the caller when nothing queues).
    }
  }

  private notSent(): RequestOutcome {
    return {
      ok: false,
      error: {
        kind: 'unreachable',
        data: {},
        message: `The request was not sent: ${this.peer} cannot be reached. It is safe to try again.`,
      },
    };
  }

  private lostOnClose(channel: string): RequestOutcome {
    if (semanticsOf(channel) === 'once')
      return outcomeUnknown(channel, `The connection to ${this.peer} was lost before it answered`);
    return {
      ok: false,
      error: {
        kind: 'unreachable',
        data: {},
        message: `The connection to ${this.peer} was lost before it answered; asking again is safe`,
      },
    };
  }

  private noAnswerInTime(channel: string, timeoutMs: number): RequestOutcome {
    const within = `within ${timeoutMs / 1000} s`;
    if (semanticsOf(channel) === 'once')
      return outcomeUnknown(channel, `No answer from ${this.peer} for ${channel} ${within}`);
    return {
      ok: false,
      error: { kind: 'timed-out', data: {}, message: `${this.peerAtStart} did not answer ${channel} ${within}` },
    };
  }
}

/**
 * A `once` call that may or may not have happened: the caller must look before sending it again, so
 * both the lost-connection and the timed-out cases say so in the same words.
 */
function outcomeUnknown(channel: string, what: string): RequestOutcome {
  return {
    ok: false,
    error: {
      kind: 'outcome-unknown',
      data: { operation: channel },
      message: `${what}: check whether this was done before trying again`,
    },
  };
}
