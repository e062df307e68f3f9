// The connection's settings, validated once (contract arguments and the stored file).
import { z } from 'zod';

export const headerPrefixSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'letters, digits and dashes only');
export const redirectPortSchema = z.number().int().min(0).max(65535);
