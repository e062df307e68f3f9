// Gift-card sales made on this workstation, kept in the data dir so a restart still knows which
// cards it is waiting for. A sale records what the tab answer said (item and payment ids, the
// cards in processorAccounts, never a card number); the cards announced later by events are
// matched to it when the view is derived (gift-card-view.ts).
import { z } from 'zod';
import { loadJsonFile, saveJsonFile } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';
import { storedProblem } from '../storage/stored-problem';

const nullableText = z.string().nullable();

const cardInfo = z.object({
  processorAccountUuid: nullableText,
  lastFour: nullableText,
  balance: z.number().nullable(),
  giftCardType: nullableText,
  gateway: nullableText,
  redemptionUrl: nullableText,
  claimUrl: nullableText,
  tabId: nullableText,
  itemId: nullableText,
  orderId: nullableText,
});

const saleSchema = z.object({
  id: z.string(),
  createdAt: z.number(),
  locationUuid: z.string(),
  spotName: nullableText,
  name: nullableText,
  mode: z.enum(['wait', 'live']),
  paymentType: z.string(),
  state: z.enum(['sending', 'done', 'failed', 'unknown']),
  message: nullableText,
  problem: storedProblem,
  tabUuid: nullableText,
  tabId: nullableText,
  total: z.number(),
  /** Gift-card units bought: how many cards to expect when the answer lists no items. */
  expected: z.number().int(),
  /** The bought lines as the bartender saw them. */
  lines: z.array(z.object({ productUuid: z.string(), label: z.string(), quantity: z.number().int() })),
  /** The tab's items from the answer (ids are what cards and refunds name). */
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      quantity: z.number(),
      refundedQuantity: z.number(),
      price: z.number(),
      status: nullableText,
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      amount: z.number(),
      tip: z.number(),
      refundable: z.number().nullable(),
      gateway: nullableText,
      paymentType: nullableText,
    }),
  ),
  answerCards: z.array(cardInfo),
  answeredAt: z.number().nullable(),
  /** `total` is what the service charged, read in a decided unit (so events may be checked against it). */
  totalSure: z.boolean().optional(),
});

export type StoredSale = z.infer<typeof saleSchema>;

const fileSchema = z.object({ version: z.literal(1), sales: z.array(saleSchema) });
const FILE = 'gift-card-sales.json';
/** The operation an unknown sale's outcome names. */
export const SELL = 'sell gift cards';
const STOPPED = 'The app stopped before the service answered: the sale may or may not exist.';
/** Older sales drop off the list (their cards, if they ever arrive, show as not matched). */
const MAX_SALES = 200;

export class GiftCardSales {
  private sales: StoredSale[];

  constructor(
    private readonly dir: string,
    log?: (line: string) => void,
    damage?: DamageSink,
  ) {
    const loaded = loadJsonFile(dir, FILE, fileSchema, () => ({ version: 1 as const, sales: [] }), {
      damage,
      label: 'The list of gift card sales',
      consequence: 'earlier sales are not shown (check them on the service)',
    });
    if (loaded.problem) log?.(loaded.problem.message);
    // A sale still 'sending' was cut off by a restart: whether it exists is unknown, not failed.
    this.sales = loaded.value.sales.map((s) =>
      s.state === 'sending'
        ? {
            ...s,
            state: 'unknown' as const,
            message: STOPPED,
            problem: { kind: 'outcome-unknown' as const, data: { operation: SELL }, message: STOPPED },
          }
        : s,
    );
  }

  /** Oldest first. */
  list(): readonly StoredSale[] {
    return this.sales;
  }

  get(id: string): StoredSale | undefined {
    return this.sales.find((s) => s.id === id);
  }

  byTab(tabUuid: string): StoredSale | undefined {
    return this.sales.find((s) => s.tabUuid === tabUuid);
  }

  add(sale: StoredSale): void {
    this.sales = [...this.sales, sale].slice(-MAX_SALES);
    this.save();
  }

  update(id: string, patch: Partial<StoredSale>): StoredSale | undefined {
    this.sales = this.sales.map((s) => (s.id === id ? { ...s, ...patch } : s));
    this.save();
    return this.get(id);
  }

  private save(): void {
    saveJsonFile(this.dir, FILE, { version: 1, sales: this.sales });
  }
}
