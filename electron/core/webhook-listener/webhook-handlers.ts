// The webhook part of the contract, implemented on the listener service (and the sandbox test
// panel, which speaks to the embedded sandbox through the SandboxLink): one line a request.
import type { HandlersOf } from '../../../shared/contract';
import type { WebhookRequests } from '../../../shared/contract/webhooks';
import type { SandboxLink } from '../connection/sandbox-link';
import type { WebhookListenerService } from './listener-service';
import { sandboxPanelHandlers } from './sandbox-panel';
import { refusedDeliveries } from '../webhooks/refused-deliveries';

export function webhookHandlers(
  webhooks: WebhookListenerService,
  link: () => SandboxLink | null,
): HandlersOf<WebhookRequests> {
  return {
    getWebhookState: async () => webhooks.state(),
    listEvents: async (filter, offset, limit) => webhooks.list(filter, offset, limit),
    getEvent: async (seq) => webhooks.detail(seq),
    replayEvent: (seq) => webhooks.replay(seq),
    eventAsCurl: async (seq) => webhooks.curl(seq),
    refusedDeliveries: async () => (webhooks.status().state === 'listening' ? refusedDeliveries(webhooks) : null),
    saveWebhookSettings: (input) => webhooks.save(input),
    startTunnel: (authtoken) => webhooks.startTunnel(authtoken),
    stopTunnel: () => webhooks.tunnel.stop(),
    ...sandboxPanelHandlers({ link, endpointId: () => webhooks.sandboxEndpointId() }),
  };
}
