// The tabs feature's routes, joined here so routes/index.ts and the control route list
// each take one line: tab creation, passes, refunds, and their /_sandbox controls.
import type { RouteDef } from '../http/router';
import { controlGiftCardRoutes } from './control-gift-cards';
import { controlGuestRoutes } from './control-guests';
import { controlTabRoutes } from './control-tabs';
import { passRoutes } from './passes';
import { tabRoutes } from './tabs';
import { tabRefundRoutes } from './tabs-refund';

// Passes before the refund route: both have six segments and the router takes the first match.
export const tabsServiceRoutes: RouteDef[] = [...passRoutes, ...tabRoutes, ...tabRefundRoutes];

export const tabsControlRoutes: RouteDef[] = [...controlTabRoutes, ...controlGiftCardRoutes, ...controlGuestRoutes];

/** For GET /_sandbox's discovery list ({param} instead of :param, as the docs write paths). */
export const tabsControlRouteList = tabsControlRoutes.map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
