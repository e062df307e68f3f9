// One request as the screens send it over a WebSocket ({id, channel, args}), read the same way by
// the headless host (its own screen) and the hub (satellites' screens), so both refuse the same
// malformed messages with the same answer.
import type { RawData } from 'ws';

export interface BridgeMessage {
  id?: unknown;
  channel?: unknown;
  args?: unknown;
  [extra: string]: unknown;
}

export const MALFORMED_MESSAGE = {
  id: null,
  ok: false,
  error: { kind: 'invalid', data: { field: null }, message: 'Messages must be JSON objects {id, channel, args}' },
} as const;

/** The message, or null when it is binary, not JSON, or not a JSON object. */
export function parseBridgeMessage(data: RawData, isBinary: boolean): BridgeMessage | null {
  if (isBinary) return null;
  try {
    const message: unknown = JSON.parse(data.toString());
    return typeof message === 'object' && message !== null && !Array.isArray(message)
      ? (message as BridgeMessage)
      : null;
  } catch {
    return null;
  }
}

/** The id to answer with: the caller's number or string, else null. */
export function messageId(message: BridgeMessage): number | string | null {
  return typeof message.id === 'number' || typeof message.id === 'string' ? message.id : null;
}
