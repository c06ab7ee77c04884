// A router with the service's validation behaviour: every request-schema failure throws a
// ServiceError (400 invalid_parameter) that the app's onError renders.
import { OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { ServiceEnv } from '../http/env';
import { throwOnInvalid } from '../../contract/zod-errors';

export type ServiceRouter = OpenAPIHono<ServiceEnv>;

export function createRouter(): ServiceRouter {
  return new OpenAPIHono<ServiceEnv>({ defaultHook: (result) => throwOnInvalid(result) });
}

/**
 * Puts a route in the OpenAPI document without zod-openapi's own body validator, for
 * operations whose body the handler reads itself (size cap, any Content-Type, rule-naming
 * errors) with the same schema, or whose path Hono can't express (`{y}.pbf`).
 */
export function documentOnly(router: ServiceRouter, route: RouteConfig): void {
  router.openAPIRegistry.registerPath(route);
}
