// The 6.5 table: which of targetUuid / targetId each type carries, plus the type-specific rules of 6.4
// that the sender itself enforces (CATEGORY_UPDATED's null targetUuid and cause, option group depth).
import type { WebhookEventType } from './types';

/**
 * 'uuid' / 'id': the envelope carries that key; 'null': the key is present and always null;
 * 'none': the key is left out of the envelope (the spec marks it optional) and its header is not sent.
 */
export interface TargetRule {
  targetUuid: 'uuid' | 'null' | 'none';
  targetId: 'id' | 'none';
}

const U: TargetRule = { targetUuid: 'uuid', targetId: 'none' };
const I: TargetRule = { targetUuid: 'none', targetId: 'id' };

export const TARGET_RULES: Record<WebhookEventType, TargetRule> = {
  ITEM_ADDED: U,
  ITEM_REMOVED: U,
  ITEM_VOIDED: I,
  ITEM_COMPED: I,
  OPEN_TAB: U,
  CLOSE_TAB: U,
  ORDER_PLACED: U,
  PAYMENT_REFUNDED: I,
  GUEST_VERIFIED: U,
  GUEST_SUBSCRIBED: U,
  GUEST_UNSUBSCRIBED: U,
  MENU_UPDATED: U,
  PRODUCT_UPDATED: U,
  CATEGORY_UPDATED: { targetUuid: 'null', targetId: 'id' },
  LOCATION_UPDATED: U,
  OPTION_GROUP_UPDATED: U,
  QR_SCANNED: I,
  // processorAccountUuid (null for third-party cards) and the item ID.
  GIFT_CARD_CREATED: { targetUuid: 'uuid', targetId: 'id' },
};

/** Spec 8: optionGroups entries nest at most this deep (depth 0 is the top-level group). */
export const MAX_OPTION_GROUP_DEPTH = 2;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The deepest nesting in an optionGroups value: the largest `depth` field, or the structural depth
 * when entries nest further optionGroups inside themselves or their options (both count).
 */
export function optionGroupDepth(groups: unknown, level = 0): number {
  if (!Array.isArray(groups)) return -1;
  let max = -1;
  for (const g of groups) {
    if (!isObject(g)) continue;
    const declared = typeof g.depth === 'number' ? g.depth : level;
    max = Math.max(max, declared, level, optionGroupDepth(g.optionGroups, level + 1));
    if (Array.isArray(g.options)) {
      for (const o of g.options) if (isObject(o)) max = Math.max(max, optionGroupDepth(o.optionGroups, level + 1));
    }
  }
  return max;
}

/** Problems with data the sender would never send for this type (a trigger answers 400 with them). */
export function dataProblems(type: WebhookEventType, data: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (type === 'OPTION_GROUP_UPDATED') {
    if (data.optionGroups !== undefined && !Array.isArray(data.optionGroups))
      problems.push('data.optionGroups must be an array.');
    else if (optionGroupDepth(data.optionGroups) > MAX_OPTION_GROUP_DEPTH) {
      problems.push(`data.optionGroups nests deeper than ${MAX_OPTION_GROUP_DEPTH} (spec 8: maximum nesting depth 2).`);
    }
  }
  if (type === 'CATEGORY_UPDATED') {
    const cause = data.cause;
    if (!isObject(cause) || typeof cause.type !== 'string')
      problems.push('data.cause must be an object with a string type (e.g. PRODUCT_UPDATED).');
  }
  return problems;
}

/** Problems with the targets a caller gave for this type. */
export function targetProblems(
  type: WebhookEventType,
  targetUuid: string | null | undefined,
  targetId: string | null | undefined,
): string[] {
  const rule = TARGET_RULES[type];
  const problems: string[] = [];
  if (rule.targetUuid === 'null' && targetUuid != null) problems.push(`${type} has no targetUuid (it is always null).`);
  if (rule.targetUuid === 'none' && targetUuid != null)
    problems.push(`${type} carries a targetId, not a targetUuid (spec 6.5).`);
  if (rule.targetId === 'none' && targetId != null)
    problems.push(`${type} carries a targetUuid, not a targetId (spec 6.5).`);
  return problems;
}

/** Option group entries trimmed to the allowed depth (what emit does instead of failing its caller). */
export function trimOptionGroups(groups: unknown): unknown {
  if (!Array.isArray(groups)) return groups;
  return groups.filter((g) => !isObject(g) || typeof g.depth !== 'number' || g.depth <= MAX_OPTION_GROUP_DEPTH);
}
