import "server-only";
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { classifyAddress } from "./addresses";

/**
 * Where the server may send a web push: the subscription's endpoint comes from a browser, so
 * anyone can hand in any URL. Only https endpoints on the configured push services' hosts, on
 * the default port and under the host's exact name, are taken (checked when a browser subscribes
 * and again before every send), and a connection is made only to public addresses.
 * `allowLocalEndpoints` (development and tests) also lets http:// and loopback endpoints (on
 * any port) through, for local push services; never any other address.
 */
export interface EndpointPolicy {
  endpointHosts: readonly string[];
  allowLocalEndpoints: boolean;
}

/** A push endpoint's host resolved to an address the server must not reach. */
export class RefusedAddress extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`push endpoint ${host} resolves to ${address} (${classifyAddress(address)}), which is not a public address`);
    this.name = "RefusedAddress";
  }
}

/** The URL's host as DNS and the address classifier see it: no brackets, no trailing dot. */
export function bareHost(url: URL): string {
  const host = url.hostname.toLowerCase();
  return (host.startsWith("[") ? host.slice(1, -1) : host).replace(/\.$/, "");
}

/** "push.example.com" matches only itself; "*.example.com" any host below example.com, whole labels only. */
function matchesHost(host: string, pattern: string): boolean {
  return pattern.startsWith("*.") ? host.length > pattern.length - 1 && host.endsWith(pattern.slice(1)) : host === pattern;
}

function isLoopbackHost(host: string): boolean {
  return host === "localhost" || (isIP(host) !== 0 && classifyAddress(host) === "loopback");
}

export function endpointAllowed(endpoint: string, policy: EndpointPolicy): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = bareHost(url);
  const local = policy.allowLocalEndpoints && isLoopbackHost(host);
  if (url.protocol === "http:") return local;
  if (url.protocol !== "https:") return false;
  if (local) return true;
  // Push services hand out endpoints on the default port under their name as written: another
  // port may be another service on the same host, and a trailing dot is a name made up by hand.
  const onTheServicesOwnName = url.port === "" && !url.hostname.endsWith(".");
  return onTheServicesOwnName && isIP(host) === 0 && policy.endpointHosts.some((pattern) => matchesHost(host, pattern));
}

export function addressAllowed(address: string, policy: EndpointPolicy): boolean {
  const kind = classifyAddress(address);
  return kind === "public" || (policy.allowLocalEndpoints && kind === "loopback");
}

type Resolver = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for net/tls connections that resolves the host (every address) and refuses the
 * connection unless all of them are allowed. The socket then connects to one of exactly these
 * addresses, so a DNS answer that changes between a check and the connection (rebinding)
 * cannot slip a private address in.
 */
export function guardedLookup(policy: EndpointPolicy, resolve: Resolver = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, "", 0);
      const refused = addresses.find((entry) => !addressAllowed(entry.address, policy));
      if (refused || addresses.length === 0) return callback(new RefusedAddress(hostname, refused?.address ?? "no address"), "", 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
