// The one WebSocket request loop, shared by the headless host (this computer's own screen) and
// the hub (paired devices over TLS): read {id, channel, args}, resolve who asks, hand it to the
// core's dispatcher, and answer {id, ok, result | error} with the error's kind and data, so the far
// side rebuilds the same AppError. Every path answers: a handler that throws never becomes an
// unhandled rejection.
import type { WebSocket } from 'ws';
import { errorPayloadOf } from './api/app-error-of';
import { MALFORMED_MESSAGE, messageId, parseBridgeMessage } from './bridge-message';
import type { Caller } from './caller';
import type { Dispatch, DispatchOutcome } from './ipc-dispatch';

export interface RequestLoopOptions {
  dispatch: Dispatch;
  /**
   * Who asks, resolved for each message as it arrives. A throw (an AppError) refuses the message
   * with that error's kind; `refused` then runs after the answer went out.
   */
  caller: () => Caller;
  refused?: (error: unknown) => void;
}

export function serveRequests(ws: WebSocket, options: RequestLoopOptions): void {
  ws.on(
    'message',
    (data, isBinary) =>
      void (async () => {
        const message = parseBridgeMessage(data, isBinary);
        if (message === null) return sendJson(ws, MALFORMED_MESSAGE);
        const id = messageId(message);
        let caller: Caller;
        try {
          caller = options.caller();
        } catch (error) {
          sendJson(ws, { id, ok: false, error: errorPayloadOf(error) });
          return options.refused?.(error);
        }
        let outcome: DispatchOutcome;
        try {
          outcome = await options.dispatch(message.channel, message.args ?? [], caller);
        } catch {
          outcome = {
            ok: false,
            error: { kind: 'internal', data: {}, message: 'The request could not be completed' },
          };
        }
        sendJson(ws, { id, ...outcome });
      })(),
  );
}

/** Sends one JSON message if the socket is still open; a send that fails is the socket's to report. */
export function sendJson(ws: WebSocket, message: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message), ignore);
}

function ignore(): void {}
