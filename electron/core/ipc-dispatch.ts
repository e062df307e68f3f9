// One dispatcher for every transport (Electron IPC, the host's WebSocket): it refuses unknown
// channels, validates the arguments against the contract's schemas, and turns any failure into
// an IpcErrorPayload a person can read. Handlers therefore only ever see valid arguments.
import type { IpcChannel, IpcErrorPayload, IpcHandlers } from '../../shared/contract';
import { ipcArgSchemas } from '../../shared/contract/arg-schemas';

export type DispatchOutcome = { ok: true; result: unknown } | { ok: false; error: IpcErrorPayload };

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ipcArgSchemas, value);
}

export async function dispatchRequest(
  handlers: IpcHandlers,
  channel: unknown,
  args: unknown,
): Promise<DispatchOutcome> {
  if (!isIpcChannel(channel)) {
    return {
      ok: false,
      error: { code: 'unknown-channel', message: `Unknown request: ${String(channel).slice(0, 80)}` },
    };
  }
  const parsed = ipcArgSchemas[channel].safeParse(args);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .slice(0, 3)
      .map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`)
      .join('; ');
    return { ok: false, error: { code: 'invalid-arguments', message: `Invalid arguments for ${channel}: ${detail}` } };
  }
  try {
    const handler = handlers[channel] as (...a: unknown[]) => Promise<unknown>;
    const result = await handler(...(parsed.data as unknown[]));
    return { ok: true, result };
  } catch (error) {
    return { ok: false, error: { code: 'failed', message: errorMessage(error) } };
  }
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
