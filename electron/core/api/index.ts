// The API client's public surface; the rest of the core imports from here.
export { ServiceClient } from './service-client';
export type {
  ActAs,
  QueryValue,
  Reachability,
  ServiceClientEvents,
  ServiceClientOptions,
  ServiceRequestOptions,
} from './service-client';
export { ServiceError, isServiceError } from './errors';
export type { ServiceErrorKind } from './errors';
export { requestJson, createRequester, DEFAULT_TIMEOUT_MS } from './http';
export type { FetchLike, HttpMethod, JsonRequest, JsonRequester, JsonResponse } from './http';
export { IntegrationTokenProvider, CLIENT_TOKEN_ROUTE } from './integration-token';
export type { IntegrationTokenEvents, IntegrationTokenOptions } from './integration-token';
export { UserSessionManager, USER_TOKEN_ROUTE, REFRESH_TOKEN_SECRET } from './user-session';
export type { UserSessionEvents, UserSessionOptions } from './user-session';
export type { StartSignInOptions, StartedSignIn } from './sign-in-flow';
export { ManualClock, systemClock } from './clock';
export type { Clock } from './clock';
export { extractServiceMessage } from './service-message';
