// Control-client methods for the tabs feature, spread into createControlClient so the
// shared client file only gains one line. Views are typed loosely on purpose: tests assert on them.
export type ControlCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export interface SimulateGuestsInput {
  locationUuid?: string;
  tabs?: number;
  orders?: number;
  close?: 'none' | 'some' | 'all';
  giftCards?: boolean;
}

export type GiftCardFaultInput = { mode: 'slow'; delayMs: number } | { mode: 'never-issue' } | { mode: 'normal' };

export type ControlView = Record<string, unknown>;

const enc = encodeURIComponent;

export function tabControlMethods(call: ControlCall) {
  return {
    tabs: (query: { locationUuid?: string; status?: 'OPEN' | 'CLOSED' } = {}) => {
      const qs = new URLSearchParams(
        Object.entries(query).filter(([, v]) => v !== undefined) as [string, string][],
      ).toString();
      return call<{ tabs: ControlView[] }>('GET', `/tabs${qs ? `?${qs}` : ''}`);
    },
    tab: (tabUuid: string) => call<ControlView>('GET', `/tabs/${enc(tabUuid)}`),
    posOrder: (
      tabUuid: string,
      body: { items: Array<{ product_uuid: string; quantity?: number; price?: number }>; source?: 'pos' | 'guest' },
    ) => call<ControlView>('POST', `/tabs/${enc(tabUuid)}/orders`, body),
    closeTab: (tabUuid: string) => call<ControlView>('POST', `/tabs/${enc(tabUuid)}/close`, {}),
    setOrderStatus: (orderUuid: string, status: 'PLACED' | 'PENDING' | 'VOIDED' | 'COMPLETED') =>
      call<ControlView>('POST', `/orders/${enc(orderUuid)}/status`, { status }),
    itemAction: (itemId: string, action: 'void' | 'comp' | 'remove') =>
      call<ControlView>('POST', `/items/${enc(itemId)}/${action}`, {}),
    giftCards: () => call<{ giftCards: ControlView[] }>('GET', '/gift-cards'),
    giftCardFault: (input: GiftCardFaultInput) => call<{ fault: unknown }>('POST', '/gift-cards/faults', input),
    clearGiftCardFault: () => call<{ fault: null }>('DELETE', '/gift-cards/faults'),
    releaseGiftCards: () => call<{ released: number }>('POST', '/gift-cards/release', {}),
    giftCardTiming: (timing: { minDelayMs?: number; maxDelayMs?: number; waitCapMs?: number }) =>
      call<{ minDelayMs: number; maxDelayMs: number; waitCapMs: number }>('POST', '/gift-cards/timing', timing),
    claimGiftCard: (itemId: string) => call<ControlView>('POST', `/gift-cards/${enc(itemId)}/claim`, {}),
    simulateGuests: (input: SimulateGuestsInput = {}) =>
      call<{ opened: string[]; orders: string[]; closed: string[] }>('POST', '/guests/simulate', input),
    autoGuests: (intervalMs: number | null, locationUuid?: string) =>
      call<{ running: boolean; intervalMs: number | null; locationUuid: string }>('POST', '/guests/auto', {
        intervalMs,
        locationUuid,
      }),
  };
}
