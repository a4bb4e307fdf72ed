/** The HTTP edge of every route handler: the wrapper, the client's address, work after the response. */
export { afterResponse } from "./after-response";
export { clientIp } from "./client";
export { route, type RouteContext, type RouteHandler } from "./route";
