import { describe, expect, it } from "vitest";
import { classifyAddress } from "./addresses";

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["142.250.183.10", "public"],
    ["1.1.1.1", "public"],
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["100.64.0.1", "shared"],
    ["100.127.255.255", "shared"],
    ["100.128.0.1", "public"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.5", "reserved"],
    ["198.18.0.1", "reserved"],
  ])("IPv4 %s is %s", (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it.each([
    ["2607:f8b0:4004:c07::5f", "public"],
    ["2a00:1450:4001:82a::200a", "public"],
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf:ffff::1", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456:789a::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["::7f00:1", "reserved"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:10.1.2.3", "private"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::a9fe:a9fe", "link-local"],
    ["64:ff9b::808:808", "public"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:0808:0808::1", "public"],
  ])("IPv6 %s is %s", (address, kind) => expect(classifyAddress(address)).toBe(kind));

  it.each(["", "localhost", "127.0.0.1.nip.io", "256.0.0.1", "1.2.3", "::g", "1::2::3", "[::1]"])("%s is no address", (address) => {
    expect(classifyAddress(address)).toBe("invalid");
  });
});
