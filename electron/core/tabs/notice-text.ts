// One line a manager can scan for each event that is not about tabs or gift cards. Guests'
// phone numbers and e-mails are masked: the notice says that someone subscribed, not who.
import type { AcceptedEvent } from '../../../shared/webhooks';

export const NOTICE_TYPES = new Set<string>([
  'GUEST_VERIFIED',
  'GUEST_SUBSCRIBED',
  'GUEST_UNSUBSCRIBED',
  'MENU_UPDATED',
  'PRODUCT_UPDATED',
  'CATEGORY_UPDATED',
  'LOCATION_UPDATED',
  'OPTION_GROUP_UPDATED',
  'QR_SCANNED',
]);

export function noticeText(event: AcceptedEvent): { title: string; detail: string | null } {
  const short = (id: string | null) => (id ? `…${id.slice(-6)}` : 'unknown');
  switch (event.type) {
    case 'GUEST_VERIFIED': {
      const d = event.data;
      const merged = d.oldCustomerId ? `, merged with guest ${short(d.oldCustomerId)}` : '';
      return {
        title: d.isFirstTime ? 'New guest verified (first time here)' : 'Returning guest verified',
        detail: `Guest ${short(event.targetUuid)}${merged}`,
      };
    }
    case 'GUEST_SUBSCRIBED':
      return { title: 'Guest subscribed to messages', detail: maskHandle(event.data.handle) };
    case 'GUEST_UNSUBSCRIBED':
      return { title: 'Guest unsubscribed from messages', detail: maskHandle(event.data.handle) };
    case 'MENU_UPDATED':
      return { title: 'Menu updated', detail: `Menu ${short(event.targetUuid)}` };
    case 'PRODUCT_UPDATED':
      return { title: 'Product updated', detail: `Product ${short(event.targetUuid)}` };
    case 'CATEGORY_UPDATED': {
      const cause = event.data.cause as Record<string, unknown>;
      const product =
        typeof cause.productName === 'string'
          ? ` (${cause.productName} changed)`
          : cause.type === 'PRODUCT_UPDATED'
            ? ' (a product in it changed)'
            : '';
      return { title: `Category updated${product}`, detail: `Category ${event.targetId ?? 'unknown'}` };
    }
    case 'LOCATION_UPDATED':
      return { title: 'Location settings updated', detail: null };
    case 'OPTION_GROUP_UPDATED': {
      const d = event.data;
      const options = d.optionGroups.reduce((n, g) => n + g.options.length, 0);
      return {
        title: `Option group "${d.optionGroupName}" ${d.action}`,
        detail: `${d.optionGroups.length} group(s), ${options} option(s)`,
      };
    }
    case 'QR_SCANNED':
      return {
        title: `QR code scanned at ${event.data.targetName}`,
        detail: `${event.data.type} via ${event.data.entryPoint}`,
      };
    default:
      return { title: event.type, detail: null };
  }
}

/** "•••• 1234" for a phone number, "j•••@example.com" for an e-mail. */
export function maskHandle(handle: string): string {
  const at = handle.indexOf('@');
  if (at > 0) return `${handle[0]}•••${handle.slice(at)}`;
  const digits = handle.replace(/\D/g, '');
  return digits.length >= 4 ? `•••• ${digits.slice(-4)}` : '••••';
}
