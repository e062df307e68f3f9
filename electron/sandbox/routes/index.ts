// Every route the sandbox serves, in one list. A later issue adds a module here (webhooks,
// labor entries, tabs, passes, refunds, gift cards) without touching the server or router.
import type { RouteDef } from '../http/router';
import { consentRoutes } from './consent-page';
import { controlClockRoutes } from './control-clock';
import { controlFaultRoutes } from './control-faults';
import { controlIntegrationRoutes } from './control-integrations';
import { controlTokenRoutes } from './control-tokens';
import { controlVenueRoutes } from './control-venue';
import { dashboardRoutes } from './dashboard';
import { locationRoutes } from './locations';
import { oauthRoutes } from './oauth';

export const serviceRoutes: RouteDef[] = [...oauthRoutes, ...consentRoutes, ...dashboardRoutes, ...locationRoutes];

/** Under /_sandbox: never subject to faults. */
export const controlRoutes: RouteDef[] = [
  ...controlVenueRoutes,
  ...controlClockRoutes,
  ...controlTokenRoutes,
  ...controlIntegrationRoutes,
  ...controlFaultRoutes,
];

export const allRoutes: RouteDef[] = [...serviceRoutes, ...controlRoutes];
