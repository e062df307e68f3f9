// The IPC contract: every renderer→main call and every main→renderer event, typed end to end.
// Each feature owns a part (one file); this index joins them. The Electron IPC handlers, the
// preload, the headless host's WebSocket and the renderer's bridge are all generated from it.
import {
  dataHealthChannelKeys,
  dataHealthEventKeys,
  type DataHealthEvents,
  type DataHealthRequests,
} from './data-health';
import {
  connectionChannelKeys,
  connectionEventKeys,
  type ConnectionEvents,
  type ConnectionRequests,
} from './connection';
import { backupChannelKeys, backupEventKeys, type BackupEvents, type BackupRequests } from './backup';
import { authorityChannelKeys, authorityEventKeys, type AuthorityEvents, type AuthorityRequests } from './authority';
import { hubChannelKeys, hubEventKeys, type HubEvents, type HubRequests } from './hub';
import {
  hubAddressChannelKeys,
  hubAddressEventKeys,
  type HubAddressEvents,
  type HubAddressRequests,
} from './hub-address';
import { laborChannelKeys, laborEventKeys, type LaborEvents, type LaborRequests } from './labor';
import { laborPayChannelKeys, laborPayEventKeys, type LaborPayEvents, type LaborPayRequests } from './labor-pay';
import { scheduleChannelKeys, scheduleEventKeys, type ScheduleEvents, type ScheduleRequests } from './schedule';
import { approvalChannelKeys, approvalEventKeys, type ApprovalEvents, type ApprovalRequests } from './approval';
import { screenChannelKeys, screenEventKeys, type ScreenEvents, type ScreenRequests } from './screen';
import { setupChannelKeys, setupEventKeys, type SetupEvents, type SetupRequests } from './setup';
import { tabsChannelKeys, tabsEventKeys, type TabsEvents, type TabsRequests } from './tabs';
import { webhookChannelKeys, webhookEventKeys, type WebhookEvents, type WebhookRequests } from './webhooks';
import type { ErrorPayload } from '../app-error';

/** Every request the renderer can make: its arguments and its result. */
export interface IpcRequestMap
  extends
    ConnectionRequests,
    WebhookRequests,
    LaborRequests,
    LaborPayRequests,
    ScheduleRequests,
    ApprovalRequests,
    TabsRequests,
    DataHealthRequests,
    HubRequests,
    AuthorityRequests,
    SetupRequests,
    ScreenRequests,
    BackupRequests,
    HubAddressRequests {}

/** Every event main pushes to the renderer, with its payload. */
export interface IpcEventMap
  extends
    ConnectionEvents,
    WebhookEvents,
    LaborEvents,
    LaborPayEvents,
    ScheduleEvents,
    ApprovalEvents,
    TabsEvents,
    DataHealthEvents,
    HubEvents,
    AuthorityEvents,
    SetupEvents,
    ScreenEvents,
    BackupEvents,
    HubAddressEvents {}

export type IpcChannel = keyof IpcRequestMap;
export type IpcEventName = keyof IpcEventMap;
export type IpcArgs<K extends IpcChannel> = IpcRequestMap[K]['args'];
export type IpcResult<K extends IpcChannel> = IpcRequestMap[K]['result'];

const channelKeys: Record<IpcChannel, true> = {
  ...connectionChannelKeys,
  ...webhookChannelKeys,
  ...laborChannelKeys,
  ...laborPayChannelKeys,
  ...scheduleChannelKeys,
  ...approvalChannelKeys,
  ...tabsChannelKeys,
  ...dataHealthChannelKeys,
  ...hubChannelKeys,
  ...authorityChannelKeys,
  ...setupChannelKeys,
  ...screenChannelKeys,
  ...backupChannelKeys,
  ...hubAddressChannelKeys,
};
/** Every request channel, for transports that generate one function or handler per request. */
export const ipcChannels = Object.keys(channelKeys) as IpcChannel[];

const eventKeys: Record<IpcEventName, true> = {
  ...connectionEventKeys,
  ...webhookEventKeys,
  ...laborEventKeys,
  ...laborPayEventKeys,
  ...scheduleEventKeys,
  ...approvalEventKeys,
  ...tabsEventKeys,
  ...dataHealthEventKeys,
  ...hubEventKeys,
  ...authorityEventKeys,
  ...setupEventKeys,
  ...screenEventKeys,
  ...backupEventKeys,
  ...hubAddressEventKeys,
};
/** Every push event name, for transports that must subscribe to all of them. */
export const ipcEventNames = Object.keys(eventKeys) as IpcEventName[];

/** What a feature's handler file implements for its part `R` of the contract. */
export type HandlersOf<R extends { [K in keyof R]: { args: unknown[]; result: unknown } }> = {
  [K in keyof R]: (...args: R[K]['args']) => Promise<R[K]['result']>;
};

/** What main implements. */
export type IpcHandlers = HandlersOf<IpcRequestMap>;

/** What the renderer sees: the handlers plus one way to listen to pushes. */
export interface VenueApi extends IpcHandlers {
  /** Listen to one push event; returns the unsubscribe. */
  on<E extends IpcEventName>(event: E, listener: (payload: IpcEventMap[E]) => void): () => void;
}

/**
 * The error shape that crosses the boundary: the failure's kind with its data, and the technical
 * message for logs. Refused arguments are `invalid` (with the field), an unknown channel is
 * `unknown-channel`, a request from outside the app window `untrusted-sender`.
 */
export type IpcErrorPayload = ErrorPayload;

/** Prefix of Electron IPC channel names, so ours never collide with Electron's own. */
export const IPC_PREFIX = 'venue:';
