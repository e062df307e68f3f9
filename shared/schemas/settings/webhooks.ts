// The webhook listener's settings, validated once (contract arguments and the stored file).
import { z } from 'zod';

export const webhookPathSchema = z.string().regex(/^\/[A-Za-z0-9/_-]{0,100}$/, 'a path like /webhooks');
export const webhookHostSchema = z.union([z.ipv4(), z.literal('localhost')]);
export const webhookPortSchema = z.number().int().min(0).max(65535);
export const retentionEventsSchema = z.number().int().min(1000).max(10_000_000);
export const headerNameSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name: letters, digits and dashes');
