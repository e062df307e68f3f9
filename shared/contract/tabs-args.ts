// Runtime validation of the tabs requests' arguments (main side only).
import { z } from 'zod';
import { requestId } from './request-id';

const id = z.string().trim().min(1).max(128);
const cents = z.number().int().min(0).max(100_000_000);
const reason = z.string().trim().min(1).max(500);

const line = z.strictObject({
  productUuid: id,
  quantity: z.number().int().min(1).max(999),
  price: cents.optional(),
  note: z.string().max(200).optional(),
});

const giftCardLine = line.extend({ label: z.string().max(200), unitPrice: cents });

/** A location or a counter spot as the tabs settings keep it: one rule for a request and the settings file. */
export const tabsPlaceShape = { uuid: id, name: z.string().max(200) };
/** How long a pending gift card waits before it counts as late. */
export const giftCardLateSeconds = z.number().int().min(1).max(86_400);
/** How long a tab stays open before the board flags it as open too long (minutes, up to a day). */
export const openTooLongMinutes = z.number().int().min(1).max(1_440);

export const tabsArgSchemas = {
  tabsView: z.tuple([]),
  tabsSetLocation: z.tuple([z.strictObject(tabsPlaceShape)]),
  tabsSaveSettings: z.tuple([
    z.strictObject({
      giftCardLateSeconds: giftCardLateSeconds.optional(),
      openTooLongMinutes: openTooLongMinutes.optional(),
      walkInSpot: z.strictObject(tabsPlaceShape).nullable().optional(),
    }),
  ]),
  tabsSetMoneyUnit: z.tuple([z.enum(['sent', 'answers', 'numbers']), z.enum(['cents', 'dollars'])]),
  tabsCatalog: z.tuple([]),
  // A keyboard-wedge reader may add spaces or a trailing newline: trimmed here.
  passLookup: z.tuple([id]),
  passOrder: z.tuple([id, z.array(line).min(1).max(100), requestId]),
  giftCardSell: z.tuple([
    z.strictObject({
      spotUuid: id,
      spotName: z.string().max(200).optional(),
      name: z.string().trim().min(1).max(100).optional(),
      lines: z.array(giftCardLine).min(1).max(50),
      paymentType: z.enum(['CARD', 'CASH']),
      wait: z.boolean(),
    }),
    requestId,
  ]),
  giftCardCheckAgain: z.tuple([id]),
  tabDetails: z.tuple([id]),
  tabRefund: z.tuple([
    id,
    z
      .strictObject({
        paymentId: id.optional(),
        amount: z.number().int().min(1).max(100_000_000).optional(),
        items: z
          .array(z.strictObject({ itemId: id, quantity: z.number().int().min(1).max(999), reason: reason.optional() }))
          .min(1)
          .max(100)
          .optional(),
        reason: reason.optional(),
        managerPin: z.string().regex(/^\d{4,8}$/, 'a manager PIN (4 to 8 digits) must approve a refund'),
      })
      .refine((r) => (r.amount === undefined) !== (r.items === undefined), 'give either an amount or items, not both'),
    requestId,
  ]),
  tabsWatchBoard: z.tuple([z.string().min(1).max(64), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable()]),
  tabsUnwatchBoard: z.tuple([z.string().min(1).max(64)]),
  tabsDismissNotices: z.tuple([z.array(z.string().min(1).max(300)).min(1).max(1000)]),
};
