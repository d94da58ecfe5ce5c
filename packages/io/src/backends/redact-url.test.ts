import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url";

describe("redactUrl", () => {
  it("hides the password and keeps everything else", () => {
    expect(redactUrl("mysql://relix:s3cret@127.0.0.1:3306/relix")).toBe("mysql://relix:***@127.0.0.1:3306/relix");
    expect(redactUrl("redis://127.0.0.1:6379")).toBe("redis://127.0.0.1:6379");
  });

  it("never echoes something it cannot parse", () => {
    expect(redactUrl("not a url with s3cret")).toBe("<unparseable url>");
  });
});
