// Runtime validation of the webhook requests' arguments (main side only).
import { z } from 'zod';
import {
  headerNameSchema,
  retentionEventsSchema,
  webhookHostSchema,
  webhookPathSchema,
  webhookPortSchema,
} from '../schemas/settings/webhooks';

const seq = z.number().int().min(0);
const headerName = headerNameSchema;

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
  refusedDeliveries: z.tuple([]),
  saveWebhookSettings: z.tuple([
    z.strictObject({
      secret: z.string().min(1).max(512).nullable().optional(),
      customHeaders: z.record(headerName, z.string().max(4096)).optional(),
      host: webhookHostSchema.optional(),
      port: webhookPortSchema.optional(),
      path: webhookPathSchema.optional(),
      retentionEvents: retentionEventsSchema.optional(),
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
