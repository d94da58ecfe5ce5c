import { describe, expect, it } from "vitest";
import { checkSameOrigin, type OriginPolicy } from "./origin-check";

const headers = (init: Record<string, string>) => new Headers(init);
const loopbackOnly: OriginPolicy = { allowedOrigins: [], servedHosts: new Set() };

describe("checkSameOrigin", () => {
  it("accepts a POST from this app's own page", () => {
    expect(
      checkSameOrigin(
        headers({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" }),
        loopbackOnly,
      ).ok,
    ).toBe(true);
  });

  it("refuses another site, a missing Origin and the opaque 'null' origin", () => {
    expect(checkSameOrigin(headers({ host: "127.0.0.1:3000", origin: "http://evil.example" }), loopbackOnly)).toEqual({
      ok: false,
      status: 403,
      reason: expect.stringMatching(/not one of this app's names/),
    });
    expect(checkSameOrigin(headers({ host: "127.0.0.1:3000" }), loopbackOnly)).toMatchObject({
      reason: expect.stringMatching(/missing Origin/),
    });
    expect(checkSameOrigin(headers({ host: "127.0.0.1:3000", origin: "null" }), loopbackOnly).ok).toBe(false);
  });

  it("refuses a cross-site fetch even when Origin was rewritten to match", () => {
    const verdict = checkSameOrigin(
      headers({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "sec-fetch-site": "cross-site" }),
      loopbackOnly,
    );
    expect(verdict).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses DNS rebinding, where Origin and Host both carry the foreign name: 421", () => {
    const verdict = checkSameOrigin(
      headers({ host: "rebind.example:3000", origin: "http://rebind.example:3000", "sec-fetch-site": "same-origin" }),
      loopbackOnly,
    );
    expect(verdict).toMatchObject({ ok: false, status: 421 });
  });

  it("accepts an origin listed in WEB_ALLOWED_ORIGINS (a proxy with another host name it serves)", () => {
    const verdict = checkSameOrigin(headers({ host: "web:3000", origin: "https://relix.example" }), {
      allowedOrigins: ["https://relix.example"],
      servedHosts: new Set(["web"]),
    });
    expect(verdict.ok).toBe(true);
  });

  it("accepts a configured name (WEB_ALLOWED_HOSTS) as Host and Origin alike", () => {
    const policy: OriginPolicy = { allowedOrigins: [], servedHosts: new Set(["relix.lan"]) };
    expect(checkSameOrigin(headers({ host: "relix.lan:3000", origin: "http://relix.lan:3000" }), policy).ok).toBe(true);
    // The names are this app's; a page on another port of the same name is another origin.
    expect(checkSameOrigin(headers({ host: "relix.lan:3000", origin: "http://relix.lan:8000" }), policy).ok).toBe(
      false,
    );
  });
});
