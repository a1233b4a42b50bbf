import { describe, expect, it } from "vitest";
import { docs, failure, load, messages } from "./load-helpers.ts";

const NAVIGATION = { pages: ["index"] };

describe("docs.json variables", () => {
  it("reads names to text, numbers taken as text", () => {
    const { config, problems } = load(
      docs(NAVIGATION, {
        variables: { version: "2.0.0", "api-url": "https://api.example.com", build: 7 },
      }),
    );
    expect(problems).toEqual([]);
    expect(config.variables).toEqual({
      version: "2.0.0",
      "api-url": "https://api.example.com",
      build: "7",
    });
  });

  it("leaves out, with a warning, a name that can never be written as {{name}}", () => {
    const { config, problems } = load(
      docs(NAVIGATION, { variables: { "product name": "Acme", ok: "yes" } }),
    );
    expect(config.variables).toEqual({ ok: "yes" });
    expect(messages(problems)).toEqual([
      expect.stringContaining("variables.product name: a variable's name holds only letters"),
    ]);
  });

  it("refuses a value that is not text, naming its key", () => {
    const error = failure(docs(NAVIGATION, { variables: { version: { major: 2 } } }));
    expect(messages(error.problems)).toEqual([
      expect.stringContaining(
        "variables.version: expected text to put in place of {{name}}, got an object",
      ),
    ]);
  });
});
