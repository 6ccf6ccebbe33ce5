import { describe, expect, it } from "vitest";
import { ownUrl } from "./server-url.ts";

describe("ownUrl", () => {
  it.each([
    ["127.0.0.1", 3000, "http://127.0.0.1:3000"],
    ["0.0.0.0", 3000, "http://127.0.0.1:3000"],
    ["::", 3000, "http://[::1]:3000"],
    ["[::]", 3000, "http://[::1]:3000"],
    ["::1", 8080, "http://[::1]:8080"],
    ["[::1]", 8080, "http://[::1]:8080"],
    ["fe80::1", 80, "http://[fe80::1]:80"],
    ["192.168.1.20", 3000, "http://192.168.1.20:3000"],
    ["localhost", 65535, "http://localhost:65535"],
  ])("%s port %i is %s", (host, port, expected) => {
    expect(ownUrl(host, port)).toBe(expected);
  });

  it("gives a URL that fetch can parse, whose origin is itself", () => {
    for (const host of ["0.0.0.0", "::", "::1", "fe80::1", "localhost"]) {
      const url = ownUrl(host, 3000);
      expect(new URL(url).origin).toBe(url);
    }
  });
});
