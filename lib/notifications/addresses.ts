import { isIP } from "node:net";

/**
 * What kind of address an IP is, for deciding whether the server may connect to it on a
 * participant's behalf. Only "public" addresses are the open internet; everything else is this
 * machine, its networks, or nothing anyone should reach (RFC 6890 special-purpose registries).
 */
export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "unique-local"
  | "shared"
  | "multicast"
  | "unspecified"
  | "reserved"
  | "invalid";

type Range = [prefix: bigint, bits: number, kind: AddressKind];

function v4(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function v6(text: string): bigint | null {
  const zoneless = text.split("%")[0];
  const embedded = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(zoneless);
  let head = zoneless;
  let tail: number[] = [];
  if (embedded) {
    const ipv4 = v4(embedded[2]);
    if (ipv4 === null) return null;
    head = embedded[1].endsWith("::") ? embedded[1] : embedded[1].slice(0, -1);
    tail = [Number(ipv4 >> 16n), Number(ipv4 & 0xffffn)];
  }
  const halves = head.split("::");
  if (halves.length > 2) return null;
  const group = (part: string) => (part === "" ? [] : part.split(":"));
  const [left, right] = [group(halves[0]), halves.length === 2 ? group(halves[1]) : []];
  if (![...left, ...right].every((hextet) => /^[0-9a-f]{1,4}$/i.test(hextet))) return null;
  const given = [...left.map((h) => parseInt(h, 16)), ...right.map((h) => parseInt(h, 16))];
  const missing = 8 - given.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const hextets = [...left.map((h) => parseInt(h, 16)), ...new Array(halves.length === 2 ? missing : 0).fill(0), ...right.map((h) => parseInt(h, 16)), ...tail];
  return hextets.reduce((value, hextet) => (value << 16n) | BigInt(hextet), 0n);
}

const V4_RANGES: Range[] = (
  [
    ["0.0.0.0", 8, "unspecified"],
    ["10.0.0.0", 8, "private"],
    ["100.64.0.0", 10, "shared"], // carrier-grade NAT
    ["127.0.0.0", 8, "loopback"],
    ["169.254.0.0", 16, "link-local"],
    ["172.16.0.0", 12, "private"],
    ["192.0.0.0", 24, "reserved"], // IETF protocol assignments
    ["192.0.2.0", 24, "reserved"], // documentation
    ["192.88.99.0", 24, "reserved"], // 6to4 relay anycast
    ["192.168.0.0", 16, "private"],
    ["198.18.0.0", 15, "reserved"], // benchmarking
    ["198.51.100.0", 24, "reserved"],
    ["203.0.113.0", 24, "reserved"],
    ["224.0.0.0", 4, "multicast"],
    ["240.0.0.0", 4, "reserved"], // including 255.255.255.255
  ] as const
).map(([address, bits, kind]) => [v4(address)!, bits, kind]);

const V6_RANGES: Range[] = (
  [
    ["::", 128, "unspecified"],
    ["::1", 128, "loopback"],
    ["::", 96, "reserved"], // IPv4-compatible, deprecated
    ["100::", 64, "reserved"], // discard
    ["64:ff9b:1::", 48, "private"], // local-use NAT64
    ["2001::", 23, "reserved"], // IETF protocol assignments, Teredo
    ["2001:db8::", 32, "reserved"], // documentation
    ["fc00::", 7, "unique-local"],
    ["fe80::", 10, "link-local"],
    ["fec0::", 10, "reserved"], // site-local, deprecated
    ["ff00::", 8, "multicast"],
  ] as const
).map(([address, bits, kind]) => [v6(address)!, bits, kind]);

function inRange(value: bigint, width: number, [prefix, bits]: Range): boolean {
  const shift = BigInt(width - bits);
  return value >> shift === prefix >> shift;
}

function classifyV4(value: bigint): AddressKind {
  return V4_RANGES.find((range) => inRange(value, 32, range))?.[2] ?? "public";
}

/** IPv6 ranges that carry an IPv4 address, which then decides: ::ffff:127.0.0.1 is loopback. */
const V4_CARRIERS: { prefix: bigint; bits: number; extract: (value: bigint) => bigint }[] = [
  { prefix: v6("::ffff:0:0")!, bits: 96, extract: (value) => value & 0xffffffffn }, // IPv4-mapped
  { prefix: v6("64:ff9b::")!, bits: 96, extract: (value) => value & 0xffffffffn }, // NAT64
  { prefix: v6("2002::")!, bits: 16, extract: (value) => (value >> 80n) & 0xffffffffn }, // 6to4
];

/** Classifies an IPv4 or IPv6 address (without brackets; a zone index is ignored). */
export function classifyAddress(address: string): AddressKind {
  const family = isIP(address.split("%")[0]);
  if (family === 4) return classifyV4(v4(address)!);
  if (family !== 6) return "invalid";
  const value = v6(address);
  if (value === null) return "invalid";
  const carrier = V4_CARRIERS.find((candidate) => inRange(value, 128, [candidate.prefix, candidate.bits, "public"]));
  if (carrier) return classifyV4(carrier.extract(value));
  // The most specific range wins (::1 and :: before ::/96).
  return V6_RANGES.find((range) => inRange(value, 128, range))?.[2] ?? "public";
}
