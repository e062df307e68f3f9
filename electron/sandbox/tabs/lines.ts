// Order lines as request bodies give them ({ product_uuid, quantity, price?, note? }), resolved
// against the location's catalog. Shared by POST …/tabs and POST …/tabs/passes/{x_pass_id}/items.
import { z } from 'zod';
import { errorJson, type SandboxResponse } from '../http/responses';
import type { Product } from '../model';
import type { SandboxWorld } from '../world';
import { moneyInSchema } from './money-reading';

export const lineSchema = z.strictObject({
  product_uuid: z.string().min(1).max(128),
  quantity: z.number().int().min(1).max(999).default(1),
  /** Open price (as a POS may key one in) in the reading's money unit; default: the product's price. */
  price: z.number().min(0).max(100_000_000).optional(),
  note: z.string().max(500).optional(),
});

export type LineInput = z.output<typeof lineSchema>;

export interface OrderLine {
  product: Product;
  quantity: number;
  price: number;
  note: string | null;
}

/**
 * Products must belong to the location. A gift-card line of quantity n becomes n lines of 1, so
 * each card has its own item id (the GIFT_CARD_CREATED targetId).
 */
export function resolveLines(
  world: SandboxWorld,
  locationUuid: string,
  inputs: LineInput[],
  field = 'items',
  unit: 'reading' | 'cents' = 'reading',
): { ok: true; lines: OrderLine[] } | { ok: false; response: SandboxResponse } {
  const price = unit === 'cents' ? z.number().int().min(0) : moneyInSchema(world);
  const lines: OrderLine[] = [];
  for (const [i, input] of inputs.entries()) {
    const product = world.products.find((p) => p.uuid === input.product_uuid && p.locationUuid === locationUuid);
    if (!product) {
      const message = `${field}.${i}.product_uuid: no product ${input.product_uuid} at this location.`;
      return { ok: false, response: errorJson(400, 'invalid_body', message) };
    }
    let cents = product.priceCents;
    if (input.price !== undefined) {
      const read = price.safeParse(input.price);
      if (!read.success)
        return {
          ok: false,
          response: errorJson(
            400,
            'invalid_body',
            `${field}.${i}.price: ${read.error.issues[0]?.message ?? 'not an amount'}.`,
          ),
        };
      cents = read.data;
    }
    const line = { product, price: cents, note: input.note ?? null };
    if (product.giftCard) for (let n = 0; n < input.quantity; n++) lines.push({ ...line, quantity: 1 });
    else lines.push({ ...line, quantity: input.quantity });
  }
  return { ok: true, lines };
}

export const linesTotal = (lines: OrderLine[]) => lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
