// Builds an order from the catalog: one big button per product adds it (ProductPicker), − and +
// change the quantity on the ticket (OrderTicket). When the service cannot list products, or a
// product is not on the list, the bartender types its id and price (the price is only used to
// check limits and take payment; the service charges its own). Catalog prices are amounts the
// service answers with: while that family's unit is not decided (`prices`) they show both readings.
import { useState } from 'react';
import { formatMoney, type CatalogProduct, type CatalogView } from '../../../../shared/tabs';
import { isDecided, moneyReadings, type MoneyFamilyView } from '../../../../shared/money-units';
import { parseMoney } from '../tabs/format';
import { staffWords } from '../../../../shared/errors';

export interface DraftLine {
  productUuid: string;
  label: string;
  /** Cents; null when unknown (the limit cannot be checked then). */
  unitPrice: number | null;
  quantity: number;
  /** The price was typed here (a fact), not read from the catalog (in the answers' unit). */
  typed?: boolean;
}

/** Said beside catalog prices while their unit (the answers' family) is not decided. */
export const PRICES_UNIT_TEXT =
  'The unit of these prices is not confirmed yet, so each shows both readings ($13.00 or $0.13).';

/** Whether a line's price is a catalog price in a unit not decided yet. */
export function unsurePrice(line: DraftLine, prices: MoneyFamilyView | null | undefined): boolean {
  return !line.typed && line.unitPrice !== null && !!prices && !isDecided(prices);
}

export function draftTotal(lines: DraftLine[]): number | null {
  let total = 0;
  for (const line of lines) {
    if (line.unitPrice === null) return null;
    total += line.unitPrice * line.quantity;
  }
  return total;
}

interface PickerProps {
  catalog: CatalogView | null;
  /** Which products to offer (menu items, or gift cards). */
  filter: (product: CatalogProduct) => boolean;
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  onReload?: () => void;
  /** The unit of catalog prices (amounts read back); both readings while it is not decided. */
  prices?: MoneyFamilyView | null;
}

/** One big button per product (grouped by category); tapping adds one. */
export function ProductPicker({ catalog, filter, lines, onChange, onReload, prices }: PickerProps) {
  const products = catalog?.available ? catalog.products.filter(filter) : [];
  const add = (productUuid: string, label: string, unitPrice: number | null, typed = false) => {
    const existing = lines.find((l) => l.productUuid === productUuid);
    onChange(
      existing
        ? lines.map((l) => (l === existing ? { ...l, quantity: Math.min(999, l.quantity + 1) } : l))
        : [...lines, { productUuid, label, unitPrice, quantity: 1, typed }],
    );
  };
  const byCategory = new Map<string, CatalogProduct[]>();
  for (const p of products)
    byCategory.set(p.category ?? 'Other', [...(byCategory.get(p.category ?? 'Other') ?? []), p]);
  return (
    <div className="product-picker">
      {catalog === null && <p className="hint">Loading products…</p>}
      {catalog && !catalog.available && (
        <p className="warning">
          {catalog.problem === null
            ? 'Choose a location first.'
            : `The service did not list its products and spots: ${staffWords(catalog.problem).text}`}{' '}
          Type product ids below. {onReload && <button onClick={onReload}>Try again</button>}
        </p>
      )}
      {[...byCategory].map(([category, items]) => (
        <section key={category} className="product-group" aria-label={category}>
          {byCategory.size > 1 && <h3>{category}</h3>}
          <div className="product-grid">
            {items.map((p) => (
              <button key={p.uuid} className="product" onClick={() => add(p.uuid, p.name, p.price)}>
                <span className="product-name">{p.name}</span>
                <span className="product-price">{moneyReadings(p.price, prices, formatMoney)}</span>
              </button>
            ))}
          </div>
        </section>
      ))}
      <ManualLine
        open={catalog !== null && !catalog.available}
        onAdd={(uuid, label, price) => add(uuid, label, price, true)}
      />
    </div>
  );
}

/** The lines being ordered, with − and + per line, and the total. */
export function OrderTicket({
  lines,
  onChange,
  emptyText,
  prices,
}: {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  emptyText: string;
  /** The unit of catalog prices (amounts read back); both readings while it is not decided. */
  prices?: MoneyFamilyView | null;
}) {
  const setQuantity = (index: number, quantity: number) =>
    onChange(
      quantity <= 0
        ? lines.filter((_, i) => i !== index)
        : lines.map((l, i) => (i === index ? { ...l, quantity: Math.min(999, quantity) } : l)),
    );
  const total = draftTotal(lines);
  const unsure = lines.filter((l) => unsurePrice(l, prices)).length;
  // All catalog lines: the total has the same two readings; some typed too: neither reading holds.
  const totalText =
    total === null
      ? 'unknown'
      : unsure === 0
        ? formatMoney(total)
        : unsure === lines.length
          ? moneyReadings(total, prices, formatMoney)
          : 'unit not confirmed';
  return (
    <div className="order-ticket">
      {lines.length === 0 ? (
        <p className="empty">{emptyText}</p>
      ) : (
        <ul className="order-lines" aria-label="Order lines">
          {lines.map((line, i) => (
            <li key={line.productUuid}>
              <span className="line-label">{line.label}</span>
              <span className="stepper">
                <button aria-label={`One less ${line.label}`} onClick={() => setQuantity(i, line.quantity - 1)}>
                  −
                </button>
                <span className="qty" aria-label={`Quantity of ${line.label}`}>
                  {line.quantity}
                </span>
                <button aria-label={`One more ${line.label}`} onClick={() => setQuantity(i, line.quantity + 1)}>
                  +
                </button>
              </span>
              <span className="money">
                {line.unitPrice === null
                  ? 'price ?'
                  : line.typed
                    ? formatMoney(line.unitPrice * line.quantity)
                    : moneyReadings(line.unitPrice * line.quantity, prices, formatMoney)}
              </span>
            </li>
          ))}
        </ul>
      )}
      <p className="order-total" data-testid="order-total">
        Total <strong>{totalText}</strong>
      </p>
    </div>
  );
}

function ManualLine({
  open,
  onAdd,
}: {
  open: boolean;
  onAdd: (uuid: string, label: string, price: number | null) => void;
}) {
  const [uuid, setUuid] = useState('');
  const [price, setPrice] = useState('');
  const cents = price.trim() ? parseMoney(price) : null;
  const valid = uuid.trim().length > 0 && (price.trim() === '' || cents !== null);
  const submit = () => {
    if (!valid) return;
    onAdd(uuid.trim(), `Product ${uuid.trim().slice(0, 12)}`, cents);
    setUuid('');
    setPrice('');
  };
  return (
    <details className="manual-line" open={open}>
      <summary>Type a product id</summary>
      <div className="fields inline">
        <label>
          Product id
          <input value={uuid} onChange={(e) => setUuid(e.target.value)} autoComplete="off" />
        </label>
        <label>
          Price ($)
          <input
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            inputMode="decimal"
            placeholder="for the limit check"
          />
        </label>
        <button disabled={!valid} onClick={submit}>
          Add
        </button>
      </div>
    </details>
  );
}
