import { describe, expect, it } from "vitest";
import { addressSubject } from "~/server/rate-limit.server";

// Per-address limits count an IPv6 client by its /64 (decision 0058): one subscriber may take any address in it.
describe("addressSubject", () => {
  it("counts every address of one IPv6 /64 as one, however it is written", () => {
    const net = "2001:db8:85a3:42::/64";
    for (const ip of ["2001:db8:85a3:42::1", "2001:0db8:85a3:0042:ffff:ffff:ffff:ffff", "2001:DB8:85A3:42:0:0:0:7", "2001:db8:85a3:42:1::"]) expect(addressSubject(ip), ip).toBe(net);
  });

  it("tells neighbouring /64 networks apart", () => {
    expect(addressSubject("2001:db8:85a3:43::1")).not.toBe(addressSubject("2001:db8:85a3:42::1"));
    expect(addressSubject("::1")).toBe("0:0:0:0::/64");
    expect(addressSubject("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("keeps IPv4 addresses, IPv4-mapped ones and anything unparsable as they are", () => {
    for (const ip of ["203.0.113.7", "::ffff:203.0.113.7", "127.0.0.1", "not-an-address", "1:2:3", "1::2::3", "12345::1"]) expect(addressSubject(ip), ip).toBe(ip);
  });
});
