// Every route the sandbox serves, in one list. A later issue adds a module here (webhooks,
// labor entries, tabs, passes, refunds, gift cards) without touching the server or router.
import type { RouteDef } from '../http/router';
import { consentRoutes } from './consent-page';
import { catalogRoutes } from './catalog';
import { controlClockRoutes } from './control-clock';
import { controlFaultRoutes } from './control-faults';
import { controlIntegrationRoutes } from './control-integrations';
import { controlLaborRoutes } from './control-labor';
import { controlReadingsRoutes } from './control-readings';
import { controlTokenRoutes } from './control-tokens';
import { controlVenueRoutes } from './control-venue';
import { controlWebhookTriggerRoutes } from './control-webhook-trigger';
import { controlWebhookRoutes } from './control-webhooks';
import { dashboardRoutes } from './dashboard';
import { dashboardWebhookRoutes } from './dashboard-webhooks';
import { laborRoutes } from './labor';
import { locationRoutes } from './locations';
import { oauthRoutes } from './oauth';
import { tabsControlRoutes, tabsServiceRoutes } from './tabs-index';

export const serviceRoutes: RouteDef[] = [
  ...oauthRoutes,
  ...consentRoutes,
  ...dashboardRoutes,
  ...dashboardWebhookRoutes,
  ...locationRoutes,
  ...laborRoutes,
  ...tabsServiceRoutes,
  ...catalogRoutes,
];

/** Under /_sandbox: never subject to faults. */
export const controlRoutes: RouteDef[] = [
  ...controlVenueRoutes,
  ...controlClockRoutes,
  ...controlTokenRoutes,
  ...controlIntegrationRoutes,
  ...controlFaultRoutes,
  ...controlReadingsRoutes,
  ...tabsControlRoutes,
  ...controlLaborRoutes,
  ...controlWebhookRoutes,
  ...controlWebhookTriggerRoutes,
];

export const allRoutes: RouteDef[] = [...serviceRoutes, ...controlRoutes];
