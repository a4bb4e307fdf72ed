/** The HTTP edge of every route handler: the wrapper, the client's address, where links point, work after the response. */
export { afterResponse } from "./after-response";
export { clientIp, knownClientIp } from "./client";
export { mailOrigin, publicOrigin } from "./public-origin";
export { openFrontDoor, servedAtTheDoor, type DoorRoute } from "./front-door";
export { PLACE_IN_LINE_HEADER } from "./let-in-mark";
export { describedRoute, readRawText, route, type LineRequest } from "./route";
