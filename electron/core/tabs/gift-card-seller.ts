// Selling gift cards: one POST /loc/{location}/tabs that opens a tab at a spot, orders the cards,
// pays the exact total and closes it (openTab false). "Wait for cards" sets
// waitForProcessorAccounts, so the answer lists the cards issued in time; "issue live" returns at
// once and the cards come as GIFT_CARD_CREATED. The sale is saved before the request goes out, so
// a crash mid-request leaves a sale whose outcome is unknown rather than nothing at all.
import { randomUUID } from 'node:crypto';
import type { GiftCardSaleInput, TabsLocation } from '../../../shared/tabs';
import type { ServiceClient } from '../api/service-client';
import type { ErrorPayload } from '../../../shared/app-error';
import { errorPayloadOf } from '../api/app-error-of';
import { SELL, type GiftCardSales, type StoredSale } from './gift-card-sales';
import { classifyRefusal, type Refusal } from './service-refusal';
import { CENTS_CODEC, createTab, wireLine, type MoneyCodec } from './tabs-api';

/** The service waits up to ~10 s for cards (sandbox waitCapMs); the request gets room for that. */
const WAIT_TIMEOUT_MS = 30_000;

export async function sellGiftCards(
  api: ServiceClient,
  location: TabsLocation,
  input: GiftCardSaleInput,
  sales: GiftCardSales,
  now: () => number,
  changed: () => void,
  money: MoneyCodec = CENTS_CODEC,
): Promise<StoredSale> {
  const total = input.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const sale: StoredSale = {
    id: randomUUID(),
    createdAt: now(),
    locationUuid: location.uuid,
    spotName: input.spotName ?? null,
    name: input.name ?? null,
    mode: input.wait ? 'wait' : 'live',
    paymentType: input.paymentType,
    state: 'sending',
    message: null,
    problem: null,
    tabUuid: null,
    tabId: null,
    total,
    expected: input.lines.reduce((n, l) => n + l.quantity, 0),
    lines: input.lines.map((l) => ({ productUuid: l.productUuid, label: l.label, quantity: l.quantity })),
    items: [],
    payments: [],
    answerCards: [],
    answeredAt: null,
  };
  sales.add(sale);
  changed();
  try {
    const answer = await createTab(
      api,
      location.uuid,
      {
        spot_uuid: input.spotUuid,
        ...(input.name ? { name: input.name } : {}),
        items: input.lines.map((l) => wireLine(l, money)),
        payments: [{ amount: total, tip: 0, gateway: 'INTERNAL', paymentType: input.paymentType }],
        openTab: false,
        waitForProcessorAccounts: input.wait,
      },
      input.wait ? WAIT_TIMEOUT_MS : undefined,
      money,
    );
    const bought = new Set(input.lines.map((l) => l.productUuid));
    const labels = new Map(input.lines.map((l) => [l.productUuid, l.label]));
    const items = answer.items
      .filter((i) => i.productUuid === null || bought.has(i.productUuid))
      .map(({ productUuid, ...item }) => ({
        ...item,
        name: item.name || labels.get(productUuid ?? '') || 'Gift card',
      }));
    const note =
      input.wait && answer.processorAccounts === null
        ? 'The answer listed no cards; they will show as their events arrive.'
        : null;
    return sales.update(sale.id, {
      state: 'done',
      message: note,
      problem: null,
      tabUuid: answer.uuid,
      tabId: answer.id,
      items,
      payments: answer.payments,
      answerCards: answer.processorAccounts ?? [],
      answeredAt: now(),
    })!;
  } catch (error) {
    const refusal = classifyRefusal(error);
    const uncertain = refusal.kind === 'uncertain';
    const message = uncertain
      ? `No clear answer from the service (${refusal.text}); the sale may or may not exist.`
      : refusal.text;
    return sales.update(sale.id, {
      state: uncertain ? 'unknown' : 'failed',
      message,
      problem: uncertain
        ? { kind: 'outcome-unknown', data: { operation: SELL }, message }
        : refusedSale(error, refusal),
    })!;
  } finally {
    changed();
  }
}

/** The refusal's kind, with the service's own words (its alert first) as what the screen says. */
function refusedSale(error: unknown, refusal: Refusal): ErrorPayload {
  const payload = errorPayloadOf(error);
  if (payload.kind === 'invalid' || payload.kind === 'conflict' || payload.kind === 'not-found')
    return { ...payload, data: { ...payload.data, said: refusal.text } } as ErrorPayload;
  return payload;
}
