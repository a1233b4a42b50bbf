import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../src/config/settings.ts";
import { ConfigError } from "../../src/domain/errors.ts";

describe("the exportFeedbackUrl setting", () => {
  it("is unset by default: exported pages ask for no feedback", () => {
    expect(resolveConfig({}, {}).exportFeedbackUrl).toBeUndefined();
  });

  it("takes an http(s) collector or a path of the serving host, the flag winning", () => {
    const environment = { QUIRE_EXPORT_FEEDBACK_URL: "https://feedback.example.com/collect" };
    expect(resolveConfig({}, environment).exportFeedbackUrl).toBe(
      "https://feedback.example.com/collect",
    );
    expect(
      resolveConfig({ exportFeedbackUrl: "/_quire/feedback" }, environment).exportFeedbackUrl,
    ).toBe("/_quire/feedback");
  });

  it("refuses anything else, naming the variable", () => {
    for (const value of [
      "ftp://example.com/x",
      "//example.com/x",
      "feedback",
      "javascript:alert(1)",
    ]) {
      const resolve = () => resolveConfig({}, { QUIRE_EXPORT_FEEDBACK_URL: value });
      expect(resolve).toThrow(ConfigError);
      expect(resolve).toThrow(/QUIRE_EXPORT_FEEDBACK_URL/);
    }
  });
});
