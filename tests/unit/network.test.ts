import { describe, expect, it } from "vitest";
import { networkOf } from "../../server/contract/network";

describe("networkOf: the network a client address is counted under", () => {
  it("counts an IPv4 address as itself", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf(" 203.0.113.7 ")).toBe("203.0.113.7");
  });

  it("counts every address of one IPv6 /64 as one network, however it is written", () => {
    const a = networkOf("2001:db8:85a3:12::1");
    expect(a).toBe("2001:db8:85a3:12::/64");
    expect(networkOf("2001:0DB8:85A3:0012:ffff:ffff:ffff:fffe")).toBe(a);
    expect(networkOf("2001:db8:85a3:12:0:0:0:9")).toBe(a);
    expect(networkOf("2001:db8:85a3:13::1")).not.toBe(a);
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as the IPv4 address", () => {
    expect(networkOf("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(networkOf("::ffff:c633:6404")).toBe("198.51.100.4");
  });

  it("refuses what is not an address", () => {
    for (const text of [
      "",
      "localhost",
      "1.2.3",
      "256.1.1.1",
      "1::2::3",
      "1:2:3:4:5:6:7:8:9",
      "12345::",
      "::ffff:1.2.3.999",
    ]) {
      expect(networkOf(text), text).toBeNull();
    }
  });
});
