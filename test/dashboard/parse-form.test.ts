import { describe, expect, it } from "vitest";
import { parseForm } from "../../src/dashboard/parse-form.ts";

describe("a dashboard form body", () => {
  it("gives every field as a string, decoded, a repeated field keeping its last value", () => {
    expect({ ...parseForm("email=a%40example.com&name=Docs+site&role=member&role=owner") }).toEqual(
      { email: "a@example.com", name: "Docs site", role: "owner" },
    );
  });

  it("keeps fields named after Object's own properties as data, changing no prototype", () => {
    const fields = parseForm("__proto__=x&constructor=y&toString=z&_csrf=token");
    expect(Object.getPrototypeOf(fields)).toBeNull();
    expect(fields.__proto__).toBe("x");
    expect(fields.constructor).toBe("y");
    expect(fields.toString).toBe("z");
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    // A field the form does not send is absent, not inherited.
    expect(parseForm("a=1").hasOwnProperty).toBeUndefined();
  });
});
