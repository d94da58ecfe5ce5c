import { describe, expect, it } from "vitest";
import { limitPhrase } from "./side-findings";

describe("a saturated generator's rule", () => {
  it("says the rule in words", () => {
    expect(limitPhrase("one-core")).toBe("above 85% of its one core");
    expect(limitPhrase("machine", 2)).toBe("above half of the machine's 2 cores");
  });
});
