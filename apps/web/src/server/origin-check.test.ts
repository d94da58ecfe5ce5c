import { describe, expect, it } from "vitest";
import { checkSameOrigin } from "./origin-check";

const headers = (init: Record<string, string>) => new Headers(init);

describe("checkSameOrigin", () => {
  it("accepts a POST from this app's own page", () => {
    expect(
      checkSameOrigin(
        headers({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" }),
      ).ok,
    ).toBe(true);
  });

  it("refuses another site, a missing Origin and the opaque 'null' origin", () => {
    expect(checkSameOrigin(headers({ host: "127.0.0.1:3000", origin: "http://evil.example" })).ok).toBe(false);
    expect(checkSameOrigin(headers({ host: "127.0.0.1:3000" })).reason).toMatch(/missing Origin/);
    expect(checkSameOrigin(headers({ host: "127.0.0.1:3000", origin: "null" })).ok).toBe(false);
  });

  it("refuses a cross-site fetch even when Origin was rewritten to match", () => {
    const verdict = checkSameOrigin(
      headers({ host: "127.0.0.1:3000", origin: "http://127.0.0.1:3000", "sec-fetch-site": "cross-site" }),
    );
    expect(verdict).toMatchObject({ ok: false });
  });

  it("accepts an origin listed in WEB_ALLOWED_ORIGINS (a proxy with another host name)", () => {
    const verdict = checkSameOrigin(headers({ host: "web:3000", origin: "https://relix.example" }), [
      "https://relix.example",
    ]);
    expect(verdict.ok).toBe(true);
  });
});
