// Internal records of tabs, orders, items, payments, refunds and gift cards. Like model.ts these
// are not wire shapes: views.ts decides what a response shows, event-data.ts what a webhook carries.
// All money is integer cents.

/** Who placed an order. Only 'api' orders can have their gift cards delivered (to accessId). */
export type OrderSource = { kind: 'api'; accessId: string } | { kind: 'guest' } | { kind: 'pos' };

/** PLACED is ours; PENDING and VOIDED are the two the spec names (spent excludes them). */
export const ORDER_STATUSES = ['PLACED', 'PENDING', 'VOIDED', 'COMPLETED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type ItemStatus = 'ACTIVE' | 'VOIDED' | 'COMPED' | 'REMOVED';

/** Spec 6.4 names SERVICE_MENU (guest phones) and SERVER_TAB; API and POS tabs use SERVER_TAB. */
export type OpenedFrom = 'SERVICE_MENU' | 'SERVER_TAB';

export interface TabRecord {
  uuid: string;
  id: string;
  locationUuid: string;
  spotUuid: string;
  name: string;
  status: 'OPEN' | 'CLOSED';
  openedFrom: OpenedFrom;
  /** Set on the tab a tab pass orders onto. */
  xPassId: string | null;
  /** Guest tabs carry the guest's profile (gift cards show it as customerProfileUuid). */
  customerProfileUuid: string | null;
  orderUuids: string[];
  itemIds: string[];
  paymentIds: string[];
  createdAtMs: number;
  closedAtMs: number | null;
}

export interface OrderRecord {
  uuid: string;
  id: string;
  tabUuid: string;
  locationUuid: string;
  name: string;
  status: OrderStatus;
  source: OrderSource;
  /** Only orders placed through POST …/tabs/passes/{x_pass_id}/items count towards `spent`. */
  viaPassItems: boolean;
  itemIds: string[];
  /** What ORDER_PLACED reported; the live total (totals.ts) drops voided, comped and removed items. */
  placedTotal: number;
  createdAtMs: number;
}

export interface ItemRecord {
  id: string;
  uuid: string;
  orderUuid: string;
  orderId: string;
  tabUuid: string;
  tabId: string;
  productUuid: string;
  productId: string;
  name: string;
  productName: string;
  categoryName: string;
  quantity: number;
  /** Unit price in cents (the product price unless the order line set one). */
  price: number;
  tags: string[];
  note: string | null;
  status: ItemStatus;
  /** Units already refunded by itemized refunds. */
  refundedQuantity: number;
}

export interface PaymentRecord {
  id: string;
  tabUuid: string;
  /** Cents applied to the tab, without tip and fee. */
  amount: number;
  tip: number;
  customerFee: number;
  gateway: string;
  paymentType: string;
  refundedSubtotal: number;
  refundedTip: number;
  refundedCustomerFee: number;
  createdAtMs: number;
}

export interface RefundRecord {
  /** refundPaymentId: refunds are payments of their own, numbered with the payments. */
  id: string;
  paymentId: string;
  tabUuid: string;
  refundType: 'open' | 'itemized';
  amount: number;
  subtotal: number;
  tip: number;
  customerFee: number;
  itemCount: number;
  reason: string;
  items: Array<{ itemId: string; quantity: number; amount: number; reason: string | null }>;
  createdAtMs: number;
}

export interface GiftCardRecord {
  /** The item the card was bought as; one card per item (gift-card lines are split into quantity 1). */
  itemId: string;
  orderId: string;
  tabId: string;
  tabUuid: string;
  locationUuid: string;
  source: OrderSource;
  state: 'pending' | 'issued';
  /** 'held' cards wait for POST /_sandbox/gift-cards/release (the never-issue fault). */
  held: boolean;
  processorAccountUuid: string | null;
  giftCardNumber: string | null;
  lastFour: string | null;
  balance: number;
  giftCardType: string;
  gateway: string;
  redemptionUrl: string | null;
  /** Non-null only while a transfer is unclaimed (internal DIGITAL cards start unclaimed). */
  claimUrl: string | null;
  customerProfileUuid: string | null;
  createdAtMs: number;
  issuedAtMs: number | null;
}
