// Refunds name a payment and items by id, which no tab event carries (6.4). The ids come from the
// assumed GET of one tab, else from this workstation's own sale of that tab, else the manager
// types them (docs/service-assumptions.md, "Catalog and tab reads").
import type { RefundApprover, RefundInput, RefundOutcome, RequestedRefund, TabDetails } from '../../../shared/tabs';
import { isServiceError } from '../api/errors';
import type { ServiceClient } from '../api/service-client';
import type { StoredSale } from './gift-card-sales';
import { classifyRefusal } from './service-refusal';
import { CENTS_CODEC, readTab, refundTab, type MoneyCodec } from './tabs-api';
import { errorMessage } from '../../../shared/errors';
import { WIRE_READER } from '../../../shared/money-units';

/** Statuses that mean "no such route here" rather than "this tab is wrong". */
const ROUTE_MISSING = new Set([404, 405, 501]);

export async function loadTabDetails(
  api: ServiceClient,
  locationUuid: string,
  tabUuid: string,
  localSale: StoredSale | undefined,
  money: MoneyCodec = CENTS_CODEC,
): Promise<TabDetails> {
  try {
    const tab = await readTab(api, locationUuid, tabUuid, money);
    return {
      source: 'service',
      note: null,
      items: tab.items.map(({ productUuid: _omit, ...item }) => item),
      payments: tab.payments,
    };
  } catch (error) {
    const why = errorMessage(error);
    if (localSale && localSale.payments.length > 0) {
      return {
        source: 'this-workstation',
        note: 'The service did not return this tab, so the items and payment below are from the sale made on this workstation; amounts already refunded may not show.',
        items: localSale.items,
        payments: localSale.payments,
      };
    }
    const missing = isServiceError(error) && error.status !== null && ROUTE_MISSING.has(error.status);
    return {
      source: 'none',
      note: missing
        ? 'The service does not let the app read this tab’s payments and items. Type the payment id (and item ids) from the POS receipt.'
        : `Could not read the tab (${why}). You can still type the payment id and item ids.`,
      items: [],
      payments: [],
    };
  }
}

export async function refund(
  api: ServiceClient,
  locationUuid: string,
  tabUuid: string,
  input: RefundInput,
  now: number,
  money: MoneyCodec = CENTS_CODEC,
  approvedBy?: RefundApprover,
): Promise<{ outcome: RefundOutcome; requested: RequestedRefund | null }> {
  try {
    // The answer's amount is read as sent first: against the request's amount (cents by the spec)
    // it decides the unit of answers, and only then is it converted.
    const wire = await refundTab(api, locationUuid, tabUuid, input, { ...money, read: WIRE_READER });
    if (input.amount !== undefined && wire.amount !== null)
      money.units?.anchor(
        'refund answer amount',
        wire.amount,
        input.amount,
        'refund.amount',
        `POST /loc/${locationUuid}/tabs/${tabUuid}/refund`,
      );
    const answer = { ...wire, amount: money.read('refund answer amount', wire.amount ?? undefined) };
    const requested: RequestedRefund = {
      at: now,
      refundPaymentId: answer.refundPaymentId,
      paymentId: input.paymentId ?? null,
      refundType: input.items ? 'itemized' : 'open',
      // An open refund's amount is the one asked for, in cents by the spec.
      amount: input.amount ?? answer.amount ?? null,
      confirmed: false,
      ...(approvedBy ? { approvedBy } : {}),
    };
    return {
      outcome: {
        ok: true,
        refundPaymentId: answer.refundPaymentId,
        amount: requested.amount,
        refundType: answer.refundType ?? requested.refundType,
      },
      requested,
    };
  } catch (error) {
    const refusal = classifyRefusal(error);
    const uncertain = refusal.kind === 'uncertain';
    // An unknown outcome stays on the tab's card ("outcome unknown") so nobody refunds twice blind.
    const requested: RequestedRefund | null = uncertain
      ? {
          at: now,
          refundPaymentId: null,
          paymentId: input.paymentId ?? null,
          refundType: input.items ? 'itemized' : 'open',
          amount: input.amount ?? null,
          confirmed: false,
          unknown: true,
          ...(approvedBy ? { approvedBy } : {}),
        }
      : null;
    return { outcome: { ok: false, message: refusal.text, status: refusal.status, uncertain }, requested };
  }
}
