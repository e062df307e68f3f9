// Selling gift cards: one POST /loc/{location}/tabs that opens a tab at a spot, orders the cards,
// pays the exact total and closes it (openTab false). "Wait for cards" sets
// waitForProcessorAccounts, so the answer lists the cards issued in time; "issue live" returns at
// once and the cards come as GIFT_CARD_CREATED. The sale is saved before the request goes out, so
// a crash mid-request leaves a sale whose outcome is unknown rather than nothing at all.
//
// Money: the payment goes out in the unit of amounts sent in, which may not be decided yet. Cards
// at the catalog's price let the service check it: a payment that does not match the total is
// refused (a definite 400 or 422, nothing made), so the same sale is sent again with the payment a
// hundred times larger, then smaller, whether the units are undecided or chosen; only a refusal is
// ever followed by another try, never an unknown outcome. The answer is read as wire values first: the cards'
// balances (cents by the spec) then decide the units of the answer and of the payment, and the
// amounts are converted after that. A typed price, which the service cannot check, is refused
// here until the unit of amounts sent in is decided or confirmed.
import { randomUUID } from 'node:crypto';
import type { GiftCardSaleInput, TabsLocation } from '../../../shared/tabs';
import type { ServiceClient } from '../api/service-client';
import { AppError, type ErrorPayload } from '../../../shared/app-error';
import { errorPayloadOf } from '../api/app-error-of';
import { SELL, type GiftCardSales, type StoredSale } from './gift-card-sales';
import { classifyRefusal, type Refusal } from './service-refusal';
import { CENTS_CODEC, createTab, wireLine, type MoneyCodec } from './tabs-api';
import { isServiceError } from '../api/errors';
import { WIRE_READER } from '../../../shared/money-units';
import type { TabAnswer } from '../../../shared/schemas/tabs';

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
  /** The request id made at the Sell button: the sale's id, so a repeat finds this very sale. */
  saleId: string = randomUUID(),
): Promise<StoredSale> {
  const total = input.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const sale: StoredSale = {
    id: saleId,
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
  const units = money.units;
  const typed = input.lines.some((l) => l.price !== undefined);
  if (typed && units && !units.decided('sent')) {
    const refusal = new AppError(
      'invalid',
      'Amounts sent to this service are not known to be cents or dollars yet, so a typed price could be taken a hundred times over. Sell at the catalog price, or confirm the unit in Settings → Money units.',
      { field: 'price' },
    );
    const failed = sales.update(sale.id, {
      state: 'failed',
      message: refusal.message,
      problem: refusal.toPayload(),
    })!;
    changed();
    return failed;
  }
  try {
    const first = money.write('payment.amount', total);
    // At the catalog's price the service checks the payment against its own total, so a refused
    // payment is followed by the other readings whether the units are undecided or chosen: a unit
    // chosen wrong in Settings (dollars for every family on a service that takes payments in
    // cents) failed every sale. The accepted try is evidence, shown beside a choice it disagrees with.
    const tries = units && !typed ? [first, first * 100, first / 100].filter(isMoneyOnWire) : [first];
    const send = (amount: number) =>
      createTab(
        api,
        location.uuid,
        {
          spot_uuid: input.spotUuid,
          ...(input.name ? { name: input.name } : {}),
          items: input.lines.map((l) => wireLine(l, money)),
          payments: [{ amount, tip: 0, gateway: 'INTERNAL', paymentType: input.paymentType }],
          openTab: false,
          waitForProcessorAccounts: input.wait,
        },
        input.wait ? WAIT_TIMEOUT_MS : undefined,
        { ...money, read: WIRE_READER },
        true,
      );
    let wire: TabAnswer | null = null;
    let paid = first;
    let firstRefusal: unknown = null;
    for (const amount of tries) {
      try {
        wire = await send(amount);
        paid = amount;
        break;
      } catch (error) {
        // Only a definite refusal may be followed by another try; anything else is this sale's outcome.
        if (!isRefused(error) || amount === tries.at(-1)) throw firstRefusal ?? error;
        firstRefusal ??= error;
      }
    }
    const answer = readAnswer(wire!, paid, input.lines.length > 0 && !typed, money, location.uuid);
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
    const charged = answer.payments.reduce((sum, p) => sum + p.amount, 0);
    const sure = units ? units.decided('answers') : true;
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
      // What the service charged, once its answers' unit is known; the sale's own sum until then.
      ...(sure && answer.payments.length > 0 ? { total: charged } : {}),
      totalSure: sure,
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

/** A payment the wire can carry: whole cents, or dollars with at most two decimals. */
function isMoneyOnWire(value: number): boolean {
  return Number.isFinite(value) && value > 0 && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

/** A definite refusal that made nothing: 400, or 422 as some services word a body they refuse. */
function isRefused(error: unknown): boolean {
  return isServiceError(error) && error.kind === 'http' && (error.status === 400 || error.status === 422);
}

/**
 * The tab answer as wire values → evidence → cents. The cards' balances are cents by the spec:
 * against the answer's item prices they decide the answers' unit, and against the payment the
 * unit of amounts sent in (when every bought unit is a card listed with its balance).
 */
function readAnswer(
  wire: TabAnswer,
  paid: number,
  catalogPriced: boolean,
  money: MoneyCodec,
  locationUuid: string,
): TabAnswer {
  const units = money.units;
  const where = `POST /loc/${locationUuid}/tabs (gift-card sale)`;
  const cards = wire.processorAccounts ?? [];
  if (units) {
    for (const card of cards) {
      const item = wire.items.find((i) => i.id === card.itemId);
      if (item && card.balance !== null)
        units.anchor('tab.amounts', item.price, card.balance, 'GIFT_CARD_CREATED.balance', where);
    }
    const balances = cards.map((c) => c.balance);
    const cardUnits = wire.items.filter((i) => cards.some((c) => c.itemId === i.id)).length;
    if (cards.length > 0 && cardUnits === wire.items.length && balances.every((b): b is number => b !== null)) {
      const sum = balances.reduce((a, b) => a + b, 0);
      units.anchor('payment.amount', paid, sum, 'the cards’ GIFT_CARD_CREATED.balance', where);
    } else if (catalogPriced && units.decided('answers')) {
      // The service took this payment for the catalog's prices, known now in cents.
      const charged = wire.payments.reduce((sum, p) => sum + (money.read('tab.amounts', p.amount) ?? 0), 0);
      units.anchor('payment.amount', paid, charged, 'the answer’s payments.amount', where);
    }
  }
  const cents = (v: number) => money.read('tab.amounts', v) ?? 0;
  return {
    ...wire,
    items: wire.items.map((i) => ({ ...i, price: cents(i.price) })),
    payments: wire.payments.map((p) => ({
      ...p,
      amount: cents(p.amount),
      tip: cents(p.tip),
      refundable: p.refundable === null ? null : cents(p.refundable),
    })),
  };
}
