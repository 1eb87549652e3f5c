import type { RouteRegistry } from '../http/routes';
import { accountRoutes } from './account/account.routes';
import { fileRoutes } from './common/file.routes';
import { companyRoutes } from './company/company.routes';
import { userAdminRoutes } from './users/users.routes';

/** The whole API as one list: each module's routes, registered under /v1. */
export function allModules(): RouteRegistry {
  return [...accountRoutes, ...userAdminRoutes, ...companyRoutes, ...fileRoutes];
}
