// One dispatcher for every transport (Electron IPC, the host's WebSocket, the hub): it refuses
// unknown channels, validates the arguments against the contract's schemas, runs the handler as the
// caller the transport named (electron/core/caller.ts), and turns any failure into an error payload
// with its kind and data, so the far side rebuilds the same AppError. Handlers therefore only ever
// see valid arguments.
import type { IpcChannel, IpcErrorPayload, IpcHandlers } from '../../shared/contract';
import { ipcArgSchemas } from '../../shared/contract/arg-schemas';
import { errorPayloadOf } from './api/app-error-of';
import { argumentRuleOf } from './argument-rule';
import { LOCAL_CALLER, runAsCaller, type Caller } from './caller';

export type DispatchOutcome = { ok: true; result: unknown } | { ok: false; error: IpcErrorPayload };

/** One request as a transport hands it over: the channel, the arguments and who asked. */
export type Dispatch = (channel: unknown, args: unknown, caller: Caller) => Promise<DispatchOutcome>;

/**
 * Told of a request whose arguments the contract refused, before the `invalid` answer goes out (the
 * hub records a queued punch it can never take, so a manager sees it). If it fails, the answer is
 * `internal` instead, and the sender keeps what it sent.
 */
export type RefusedArguments = (channel: IpcChannel, args: unknown, caller: Caller, message: string) => Promise<void>;

export function isIpcChannel(value: unknown): value is IpcChannel {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ipcArgSchemas, value);
}

export async function dispatchRequest(
  handlers: IpcHandlers,
  channel: unknown,
  args: unknown,
  /** The device the transport received the request from (the core resolves the person from it). */
  caller: Caller = LOCAL_CALLER,
  refused?: RefusedArguments,
): Promise<DispatchOutcome> {
  if (!isIpcChannel(channel)) {
    return {
      ok: false,
      error: { kind: 'unknown-channel', data: {}, message: `Unknown request: ${String(channel).slice(0, 80)}` },
    };
  }
  const parsed = ipcArgSchemas[channel].safeParse(args);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3);
    const detail = issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ');
    // The field by name ("managerPin"), without the argument's position in the call, and the rule it
    // broke as data: screens word it from these; the message is for the log.
    const rule = issues[0] ? argumentRuleOf(issues[0]) : null;
    const field = rule && rule.path.length > 0 ? rule.path.join('.') : null;
    const message = `Invalid arguments for ${channel}: ${detail}`;
    if (refused) {
      try {
        await refused(channel, args, caller, message);
      } catch (error) {
        return { ok: false, error: errorPayloadOf(error) };
      }
    }
    return {
      ok: false,
      error: { kind: 'invalid', data: { field, rule }, message },
    };
  }
  try {
    const handler = handlers[channel] as (...a: unknown[]) => Promise<unknown>;
    const result = await runAsCaller(caller, () => handler(...(parsed.data as unknown[])));
    return { ok: true, result };
  } catch (error) {
    return { ok: false, error: errorPayloadOf(error) };
  }
}
