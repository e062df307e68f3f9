// Validators of every request's arguments, used by main's dispatcher before any handler runs.
// Typed against the contract, so a request without a validator does not compile.
import type { z } from 'zod';
import type { IpcArgs, IpcChannel } from './index';
import { authorityArgSchemas } from './authority-args';
import { backupArgSchemas } from './backup-args';
import { connectionArgSchemas } from './connection-args';
import { dataHealthArgSchemas } from './data-health-args';
import { hubArgSchemas } from './hub-args';
import { hubAddressArgSchemas } from './hub-address-args';
import { laborArgSchemas } from './labor-args';
import { laborPayArgSchemas } from './labor-pay-args';
import { scheduleArgSchemas } from './schedule-args';
import { approvalArgSchemas } from './approval-args';
import { screenArgSchemas } from './screen-args';
import { setupArgSchemas } from './setup-args';
import { tabsArgSchemas } from './tabs-args';
import { webhookArgSchemas } from './webhooks-args';

export const ipcArgSchemas: { [K in IpcChannel]: z.ZodType<IpcArgs<K>> } = {
  ...connectionArgSchemas,
  ...laborArgSchemas,
  ...laborPayArgSchemas,
  ...scheduleArgSchemas,
  ...approvalArgSchemas,
  ...webhookArgSchemas,
  ...tabsArgSchemas,
  ...dataHealthArgSchemas,
  ...hubArgSchemas,
  ...authorityArgSchemas,
  ...setupArgSchemas,
  ...screenArgSchemas,
  ...backupArgSchemas,
  ...hubAddressArgSchemas,
};
