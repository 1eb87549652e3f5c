import type { RouteRegistry } from '../http/routes';
import { accountRoutes } from './account/account.routes';

/** The whole API as one list: each module's routes, registered under /v1. */
export function allModules(): RouteRegistry {
  return [...accountRoutes];
}
