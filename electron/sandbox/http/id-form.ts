// The idForm reading (readings.ts): how numeric ids go on the wire. The sandbox keeps its own ids
// as small numeric strings; this is applied at the wire only, so every route and every event
// serves each form and no store knows about it. 'number-beyond-2^53' writes them as JSON numbers
// above 2^53 (a client that parses them as doubles rounds neighbours to one id), and reads them
// back from a request as digits or numbers; a rounded one names an id that was never issued (404).
import type { IdForm } from '../readings';

/** Added to every id in the 'number-beyond-2^53' form: the smallest sandbox id lands above 2^53. */
export const BIG_ID_OFFSET = 9_007_199_254_740_000n;

// Ids of tabs, orders, items, payments, refunds and shifts (a row `id`, or a reference to one).
// People (user_id) and passes (x_pass_id) keep their form: the kiosk's roster names people as typed.
const ID_KEYS =
  'id|itemId|item_id|paymentId|payment_id|orderId|order_id|tabId|tab_id|refundPaymentId|refund_payment_id|time_shift_id|targetId';
const ID_VALUE = new RegExp(`"(${ID_KEYS})":(?:"(\\d{1,15})"|(\\d{1,15})(?=[,}\\]\\s]))`, 'g');

/** A JSON text with its ids in the reading's form. */
export function idsOut(json: string, form: IdForm): string {
  if (form === 'string') return json;
  return json.replace(ID_VALUE, (_m, key: string, quoted: string | undefined, bare: string | undefined) => {
    const digits = quoted ?? bare ?? '';
    const value = form === 'number' ? BigInt(digits) : BigInt(digits) + BIG_ID_OFFSET;
    return `"${key}":${value.toString()}`;
  });
}

const BIG_LITERAL = /("?)(\d{16,})\1/g;

/** A request's text (a JSON body, or a path) with big ids back in the sandbox's own form. */
export function idsIn(text: string, form: IdForm): string {
  if (form !== 'number-beyond-2^53') return text;
  return text.replace(BIG_LITERAL, (match, quote: string, digits: string) => {
    const value = BigInt(digits);
    return value >= BIG_ID_OFFSET ? `${quote}${(value - BIG_ID_OFFSET).toString()}${quote}` : match;
  });
}
