// The listener's settings file (no secrets: the signature secret and custom header values live
// in the SecretStore).
import { z } from 'zod';
// One schema per setting, shared with the contract's arguments.
import {
  retentionEventsSchema,
  webhookHostSchema,
  webhookPathSchema,
  webhookPortSchema,
} from '../../../shared/schemas/settings/webhooks';
import { loadJsonFile, saveJsonFile, type JsonFileLoad } from '../storage/json-file';
import type { DamageSink } from '../storage/data-health';

export const webhookSettingsSchema = z.object({
  version: z.literal(1),
  // Older files have no host: they bound 127.0.0.1.
  host: webhookHostSchema.default('127.0.0.1'),
  port: webhookPortSchema,
  path: webhookPathSchema,
  retentionEvents: retentionEventsSchema,
});
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

export const WEBHOOK_SECRET_KEY = 'webhook.secret';
export const WEBHOOK_HEADERS_KEY = 'webhook.customHeaders';
const FILE = 'webhook-settings.json';

export const defaultWebhookSettings = (): WebhookSettings => ({
  version: 1,
  host: '127.0.0.1',
  port: 0,
  path: '/webhooks',
  retentionEvents: 200_000,
});

export function loadWebhookSettings(dir: string, damage?: DamageSink): JsonFileLoad<WebhookSettings> {
  return loadJsonFile(dir, FILE, webhookSettingsSchema, defaultWebhookSettings, {
    damage,
    label: 'The webhook listener settings',
    consequence: 'the listener is back on this computer only, on its default address',
  });
}

export function saveWebhookSettings(dir: string, settings: WebhookSettings): void {
  saveJsonFile(dir, FILE, settings);
}
