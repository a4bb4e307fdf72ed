/** What proxy.ts needs, without the database: request ids and security headers. */
export { requestIdOf } from "./request-id";
export { contentSecurityPolicy, createNonce, servedOverHttps, STRICT_TRANSPORT_SECURITY } from "./security-headers";
