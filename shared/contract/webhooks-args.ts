// Runtime validation of the webhook requests' arguments (main side only).
import { z } from 'zod';

const seq = z.number().int().min(0);
const headerName = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name: letters, digits and dashes');

const filter = z.strictObject({
  type: z.string().max(64).optional(),
  locationUuid: z.string().max(128).optional(),
  target: z.string().max(128).optional(),
  verification: z.enum(['verified', 'unsigned', 'rejected']).optional(),
  text: z.string().max(200).optional(),
});

export const webhookArgSchemas = {
  getWebhookState: z.tuple([]),
  listEvents: z.tuple([filter, z.number().int().min(0), z.number().int().min(1).max(1000)]),
  getEvent: z.tuple([seq]),
  replayEvent: z.tuple([seq]),
  eventAsCurl: z.tuple([seq]),
  saveWebhookSettings: z.tuple([
    z.strictObject({
      secret: z.string().min(1).max(512).nullable().optional(),
      customHeaders: z.record(headerName, z.string().max(4096)).optional(),
      host: z.union([z.ipv4(), z.literal('localhost')]).optional(),
      port: z.number().int().min(0).max(65535).optional(),
      path: z.string().regex(/^\/[A-Za-z0-9/_-]{0,100}$/, 'a path like /webhooks').optional(),
      retentionEvents: z.number().int().min(1000).max(10_000_000).optional(),
    }),
  ]),
  startTunnel: z.tuple([z.string().min(1).max(512)]),
  stopTunnel: z.tuple([]),
  listSandboxDeliveries: z.tuple([]),
  flushSandboxDeliveries: z.tuple([]),
  triggerSandboxEvent: z.tuple([
    z.strictObject({
      type: z.string().min(1).max(64),
      locationUuid: z.string().max(128).optional(),
      forge: z.boolean().optional(),
      data: z.record(z.string(), z.unknown()).optional(),
    }),
  ]),
};
