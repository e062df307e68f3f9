// Tabs, tab passes, gift cards and notices as the renderer sees them. Money is integer
// cents, as the sandbox sends it (docs/service-assumptions.md). Nothing here holds a secret or a
// full gift-card number: only the last four digits ever leave the core.
import { formatMoney } from './money';
import type { MoneyUnitsView } from './money-units';
import type { OpenTab } from './webhooks';
import type { ErrorPayload } from './app-error';

/** Where the Passes, Gift cards and Tabs screens act. Chosen once, kept in the core's data dir. */
export interface TabsLocation {
  uuid: string;
  name: string;
}

export interface TabsSettingsView {
  location: TabsLocation | null;
  /** A gift card still pending this many seconds after its sale is shown as late. */
  giftCardLateSeconds: number;
  /** The board flags an open tab as open too long after this many minutes. */
  openTooLongMinutes: number;
  /** The counter spot used for walk-in gift-card sales (no table to choose); null when none is set. */
  walkInSpot: { uuid: string; name: string } | null;
  /** Each money family's unit and its evidence, or that it is not decided (Settings shows it). */
  money: MoneyUnitsView;
}

export interface CatalogProduct {
  uuid: string;
  name: string;
  /** Cents; null when the service did not say (the bartender types a price). */
  price: number | null;
  category: string | null;
  giftCard: { giftCardType: string | null; gateway: string | null } | null;
}

export interface CatalogSpot {
  uuid: string;
  name: string;
  zone: string | null;
}

/**
 * The spec has no catalog route: `available: false` means "type product uuids and prices", with
 * why the service's list could not be read (its kind and data), or null when no location is chosen.
 */
export type CatalogView =
  | { available: true; locationUuid: string; products: CatalogProduct[]; spots: CatalogSpot[] }
  | { available: false; locationUuid: string | null; problem: ErrorPayload | null };

/** One order line as the app sends it (pass items and new tabs share the line shape). */
export interface OrderLineInput {
  productUuid: string;
  quantity: number;
  /** An open price in cents; absent = the product's own price. */
  price?: number;
  note?: string;
}

/** 'unknown': the service sent no spend_limit (flag off): neither "no limit" nor a bar. */
export type SpendLimit =
  { kind: 'unknown' } | { kind: 'none' } | { kind: 'limit'; amount: number; mode: 'pre' | 'post' | null };

export interface PassView {
  xPassId: string;
  name: string | null;
  tabUuid: string | null;
  status: string | null;
  limit: SpendLimit;
  /** Cents; null when the service did not report it (the location's flag is off). */
  spent: number | null;
  /** When the app last read it from the service (unix ms). */
  checkedAt: number;
}

/**
 * 'spend-limit': a 400 about the limit (alert verbatim, never retried). 'refused': another 4xx,
 * nothing was placed. 'uncertain': no answer or a 5xx, the order may or may not exist: its outcome
 * is unknown, spent tells ("Check again" re-reads it), and sending the ticket again is a second
 * order that needs an explicit, warned choice.
 */
export type PassOrderOutcome =
  | { ok: true; orderName: string | null; total: number | null; pass: PassView | null; passProblem: string | null }
  | {
      ok: false;
      reason: 'spend-limit' | 'refused' | 'uncertain';
      status: number | null;
      /** The alert's body (or the whole alert when it is one sentence). */
      alert: string;
      /** The alert's title when the service sent one (`{alert: {title, body}}`). */
      title: string | null;
      pass: PassView | null;
      /**
       * The refusal with its kind: for 'spend-limit' a `spend-limit` with the pass's limit, spent
       * and mode as read again after the refusal, and this order's total when every line had a price.
       */
      problem: ErrorPayload;
    };

/** What the service said about one gift card: the card number itself is never kept. */
export interface GiftCardInfo {
  processorAccountUuid: string | null;
  lastFour: string | null;
  /** Cents. */
  balance: number | null;
  giftCardType: string | null;
  gateway: string | null;
  redemptionUrl: string | null;
  claimUrl: string | null;
  tabId: string | null;
  itemId: string | null;
  orderId: string | null;
}

export type GiftCardState = 'pending' | 'issued' | 'late';

export interface GiftCardView {
  /** Stable React key. */
  key: string;
  itemId: string | null;
  productName: string | null;
  state: GiftCardState;
  /** Since when it has been awaited (the sale's time); null for cards not sold on this workstation. */
  pendingSince: number | null;
  /** When the service issued it, as far as we know (event createdAt or the answer time). */
  issuedAt: number | null;
  /** Where the card was seen: the tab answer (processorAccounts), the GIFT_CARD_CREATED event, or both. */
  seenIn: ('answer' | 'event')[];
  card: GiftCardInfo | null;
}

/**
 * 'sending': the request is out. 'failed': the service refused it, nothing was sold.
 * 'unknown': no answer (timeout, crash): cards may still arrive, or the sale may not exist.
 */
export type GiftCardSaleState = 'sending' | 'done' | 'failed' | 'unknown';

export interface GiftCardSale {
  id: string;
  createdAt: number;
  locationUuid: string;
  spotName: string | null;
  name: string | null;
  mode: 'wait' | 'live';
  paymentType: string;
  state: GiftCardSaleState;
  /** The technical text of a failure (for "Details" and the log), or a note for a done sale. */
  message: string | null;
  /** Why the sale failed or its outcome is unknown, with its kind: what the screen words. */
  problem: ErrorPayload | null;
  tabUuid: string | null;
  tabId: string | null;
  /** Cents charged. */
  total: number;
  cards: GiftCardView[];
}

export interface GiftCardsView {
  /** Newest first. */
  sales: GiftCardSale[];
  /** Cards announced by GIFT_CARD_CREATED that no sale on this workstation is waiting for. */
  unmatched: GiftCardView[];
  lateSeconds: number;
  pending: number;
  late: number;
}

export interface GiftCardLineInput extends OrderLineInput {
  /** What the bartender sees on the line. */
  label: string;
  /** Unit price in cents the payment is computed from (the catalog price or the typed one). */
  unitPrice: number;
}

export interface GiftCardSaleInput {
  spotUuid: string;
  spotName?: string;
  name?: string;
  lines: GiftCardLineInput[];
  paymentType: 'CARD' | 'CASH';
  /** true: waitForProcessorAccounts (the answer carries the cards); false: issue live by events. */
  wait: boolean;
}

/** A refund this workstation asked for, until PAYMENT_REFUNDED confirms it on the board. */
export interface RequestedRefund {
  at: number;
  refundPaymentId: string | null;
  paymentId: string | null;
  refundType: 'open' | 'itemized';
  /** Cents, as the service answered (or as asked when it did not say). */
  amount: number | null;
  confirmed: boolean;
  /** No clear answer (timeout, reset, 5xx): the refund may or may not exist on the service. */
  unknown?: boolean;
  /** The manager whose PIN approved it (absent on records from before approvals). */
  approvedBy?: RefundApprover;
}

export interface BoardTab extends OpenTab {
  /** A better name when the events gave none (e.g. the pass that orders on this tab). */
  label: string | null;
  requestedRefunds: RequestedRefund[];
}

export interface BoardView {
  locationUuid: string | null;
  /** Oldest first: the tab waiting longest is on top. */
  open: BoardTab[];
  /** Most recently closed first, at most CLOSED_ON_BOARD. */
  closed: BoardTab[];
  closedCount: number;
}

export const CLOSED_ON_BOARD = 60;

export interface TabDetailItem {
  id: string;
  name: string;
  quantity: number;
  refundedQuantity: number;
  /** Unit price in cents. */
  price: number;
  status: string | null;
}

export interface TabDetailPayment {
  id: string;
  amount: number;
  tip: number;
  /** Cents still refundable; null when the service did not say. */
  refundable: number | null;
  gateway: string | null;
  paymentType: string | null;
}

export interface TabDetails {
  /** Where ids came from: the service's tab read, this workstation's own sale, or nowhere. */
  source: 'service' | 'this-workstation' | 'none';
  note: string | null;
  items: TabDetailItem[];
  payments: TabDetailPayment[];
}

export interface RefundInput {
  paymentId?: string;
  /** Cents: an open refund. Exactly one of amount and items. */
  amount?: number;
  items?: { itemId: string; quantity: number; reason?: string }[];
  reason?: string;
  /** A manager's PIN approving this refund (checked in the core in every mode; never sent to the service). */
  managerPin: string;
}

/** Who approved a refund with their manager PIN. */
export interface RefundApprover {
  userId: string;
  name: string;
}

/**
 * `uncertain`: no answer or a 5xx: the refund may have been made. The screen says "outcome
 * unknown" and offers "Check again" (re-reads the tab), never a plain second send.
 */
export type RefundOutcome =
  | { ok: true; refundPaymentId: string | null; amount: number | null; refundType: string | null }
  | { ok: false; message: string; status: number | null; uncertain: boolean };

export interface Notice {
  key: string;
  type: string;
  title: string;
  detail: string | null;
  locationUuid: string | null;
  locationName: string | null;
  createdAt: string;
}

export interface NoticesView {
  /** Not dismissed, at the chosen location (or without one), newest first. */
  notices: Notice[];
  dismissed: number;
}

/** Everything the four screens need for a first frame. */
export interface TabsSnapshot {
  settings: TabsSettingsView;
  board: BoardView;
  giftCards: GiftCardsView;
  notices: NoticesView;
}

/** Cents as "$12.50": one formatter for every screen (shared/money.ts). */
export { formatMoney } from './money';

export interface LimitWarning {
  /** 'refuse': the service will reject it; 'block-after': accepted, then the pass is blocked. */
  level: 'refuse' | 'block-after' | 'maybe' | 'unchecked';
  text: string;
}

/**
 * What to tell the bartender before sending an order of `orderTotal` cents on `pass`. Only a
 * warning: the service decides, so equality at the limit is never treated as a rejection.
 */
export function limitWarning(pass: PassView, orderTotal: number | null): LimitWarning | null {
  if (pass.limit.kind !== 'limit') return null;
  const { amount, mode } = pass.limit;
  const spent = pass.spent ?? 0;
  if (mode === 'post' && spent >= amount) {
    return {
      level: 'refuse',
      text: `This pass has used its ${formatMoney(amount)} limit: the service will refuse this order.`,
    };
  }
  if (orderTotal === null)
    return { level: 'unchecked', text: 'A line has no price, so the app cannot check the spend limit.' };
  if (spent + orderTotal <= amount) return null;
  const left = Math.max(0, amount - spent);
  if (mode === 'pre') {
    return {
      level: 'refuse',
      text: `Over the limit: this ${formatMoney(orderTotal)} order is more than the ${formatMoney(left)} left. The service will refuse it.`,
    };
  }
  if (mode === 'post') {
    return {
      level: 'block-after',
      text: `This ${formatMoney(orderTotal)} order goes over the ${formatMoney(left)} left. It will go through, then the pass is blocked.`,
    };
  }
  return {
    level: 'maybe',
    text: `This order goes over the ${formatMoney(left)} left: the service may refuse it or block the pass after it.`,
  };
}
