// The Events screen's sandbox test panel: raise an event on the practice venue, see how the
// sandbox delivered to this listener, run its retries now. Everything goes through the SandboxLink;
// on a real service these say in words that they need the embedded sandbox.
import { appError } from '../../../shared/app-error';
import type { IpcHandlers } from '../../../shared/contract';
import type { SandboxDelivery, SandboxTriggerInput } from '../../../shared/webhooks';
import type { SandboxLink } from '../connection/sandbox-link';

export interface SandboxPanelDeps {
  /** The embedded sandbox while connected to it, else null. */
  link: () => SandboxLink | null;
  /** The endpoint the listener registered there (only its deliveries are shown). */
  endpointId: () => string | null;
}

type PanelHandlers = Pick<IpcHandlers, 'triggerSandboxEvent' | 'listSandboxDeliveries' | 'flushSandboxDeliveries'>;

export function sandboxPanelHandlers(deps: SandboxPanelDeps): PanelHandlers {
  const requireLink = (what: string): SandboxLink => {
    const link = deps.link();
    if (!link)
      throw appError('conflict', `${what} needs the embedded sandbox (Settings → Connection)`, {
        what: 'embedded sandbox',
      });
    return link;
  };
  return {
    triggerSandboxEvent: async (input: SandboxTriggerInput) => {
      const result = await requireLink('Triggering events').trigger(input);
      if (result.throttled)
        return { message: `${input.type} was throttled by the sandbox (one per 5 minutes per customer and target)` };
      if (result.sentTo === 0)
        return {
          message: `${input.type} was not sent: no endpoint is subscribed to it for that location (subscribe the location in Settings)`,
        };
      return {
        message: `${input.forge ? 'Forged ' : ''}${input.type} sent to ${result.sentTo} endpoint${result.sentTo === 1 ? '' : 's'}`,
      };
    },
    listSandboxDeliveries: async (): Promise<SandboxDelivery[]> => {
      const rows = await requireLink('Listing deliveries').deliveries();
      const mine = deps.endpointId();
      return rows
        .filter((d) => !mine || d.endpointId === mine)
        .slice(-30)
        .reverse()
        .map(({ endpointId: _endpoint, ...delivery }) => delivery);
    },
    flushSandboxDeliveries: async () => {
      const { flushed } = await requireLink('Running retries').flush();
      return {
        message: flushed
          ? `The sandbox retried ${flushed} deliver${flushed === 1 ? 'y' : 'ies'} now`
          : 'No delivery was waiting for a retry',
      };
    },
  };
}
