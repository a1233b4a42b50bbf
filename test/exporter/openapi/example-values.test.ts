import { describe, expect, it } from "vitest";
import {
  exampleForParameter,
  exampleFromMedia,
  exampleFromSchema,
  formatExample,
} from "../../../src/exporter/openapi/example-values.ts";
import type { Schema } from "../../../src/exporter/openapi/types.ts";

const response = { direction: "response" } as const;
const request = { direction: "request" } as const;

/** How many levels of objects and arrays a value nests. */
function depthOf(value: unknown): number {
  if (typeof value !== "object" || value === null) return 0;
  const children = Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

describe("values the author gave", () => {
  it("prefers example, then examples[0], then const, then default, then enum[0]", () => {
    const all = {
      type: "string",
      example: "a",
      examples: ["b"],
      const: "c",
      default: "d",
      enum: ["e"],
    };
    expect(exampleFromSchema(all, response)).toBe("a");
    const { example: _a, ...noExample } = all;
    expect(exampleFromSchema(noExample, response)).toBe("b");
    const { examples: _b, ...noExamples } = noExample;
    expect(exampleFromSchema(noExamples, response)).toBe("c");
    const { const: _c, ...noConst } = noExamples;
    expect(exampleFromSchema(noConst, response)).toBe("d");
    const { default: _d, ...noDefault } = noConst;
    expect(exampleFromSchema(noDefault, response)).toBe("e");
  });

  it("keeps a given null and falsy values", () => {
    expect(exampleFromSchema({ type: ["string", "null"], example: null }, response)).toBeNull();
    expect(exampleFromSchema({ type: "integer", default: 0, minimum: 5 }, response)).toBe(0);
    expect(exampleFromSchema({ type: "boolean", const: false }, response)).toBe(false);
  });

  it("ignores x-default, which only pre-fills the playground", () => {
    expect(exampleFromSchema({ type: "string", "x-default": "prefill" }, response)).toBe("string");
  });

  it("takes the first non-null enum value", () => {
    expect(exampleFromSchema({ enum: [null, "on", "off"] }, response)).toBe("on");
  });

  it("uses a property's own example inside a generated object", () => {
    const schema = { type: "object", properties: { id: { type: "integer", example: 42 } } };
    expect(exampleFromSchema(schema, response)).toEqual({ id: 42 });
  });
});

describe("values built from the type", () => {
  it("gives strings by format", () => {
    const formats: Record<string, string> = {
      "date-time": "2024-01-15T09:30:00Z",
      date: "2024-01-15",
      email: "user@example.com",
      uri: "https://example.com",
      url: "https://example.com",
      uuid: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
      binary: "<binary>",
    };
    for (const [format, expected] of Object.entries(formats)) {
      expect(exampleFromSchema({ type: "string", format }, response)).toBe(expected);
    }
    for (const format of ["time", "hostname", "ipv4", "ipv6", "byte", "password"]) {
      const value = exampleFromSchema({ type: "string", format }, response);
      expect(typeof value).toBe("string");
      expect(value).not.toBe("string");
    }
    expect(exampleFromSchema({ type: "string", format: "ipv4" }, response)).toMatch(
      /^\d+\.\d+\.\d+\.\d+$/,
    );
    expect(exampleFromSchema({ type: "string", format: "unheard-of" }, response)).toBe("string");
  });

  it("fits plain strings to minLength and maxLength", () => {
    expect(exampleFromSchema({ type: "string" }, response)).toBe("string");
    expect(exampleFromSchema({ type: "string", minLength: 10 }, response)).toHaveLength(10);
    expect(exampleFromSchema({ type: "string", maxLength: 3 }, response)).toHaveLength(3);
  });

  it("gives 0, the minimum, or just above an exclusive minimum", () => {
    expect(exampleFromSchema({ type: "integer" }, response)).toBe(0);
    expect(exampleFromSchema({ type: "number" }, response)).toBe(0);
    expect(exampleFromSchema({ type: "integer", minimum: 5 }, response)).toBe(5);
    expect(exampleFromSchema({ type: "number", minimum: 1.5 }, response)).toBe(1.5);
    expect(exampleFromSchema({ type: "integer", minimum: 1.5 }, response)).toBe(2);
    expect(exampleFromSchema({ type: "integer", exclusiveMinimum: 0 }, response)).toBe(1);
    expect(
      exampleFromSchema({ type: "integer", minimum: 0, exclusiveMinimum: true }, response),
    ).toBe(1);
    expect(exampleFromSchema({ type: "integer", maximum: -3 }, response)).toBe(-3);
    expect(exampleFromSchema({ type: "integer", maximum: 10 }, response)).toBe(0);
  });

  it("gives true for booleans and null for null", () => {
    expect(exampleFromSchema({ type: "boolean" }, response)).toBe(true);
    expect(exampleFromSchema({ type: "null" }, response)).toBeNull();
  });

  it("takes the first non-null type of a 3.1 type array, and ignores 3.0 nullable", () => {
    expect(exampleFromSchema({ type: ["null", "integer"] }, response)).toBe(0);
    expect(exampleFromSchema({ type: ["string", "null"] }, response)).toBe("string");
    expect(exampleFromSchema({ type: "string", nullable: true }, response)).toBe("string");
  });

  it("reads untyped schemas from their keywords; an empty schema is {}", () => {
    expect(exampleFromSchema({ properties: { a: { type: "boolean" } } }, response)).toEqual({
      a: true,
    });
    expect(exampleFromSchema({ items: { type: "integer" } }, response)).toEqual([0]);
    expect(exampleFromSchema({ format: "email" }, response)).toBe("user@example.com");
    expect(exampleFromSchema({}, response)).toEqual({});
    expect(exampleFromSchema(true, response)).toEqual({});
  });
});

describe("objects and arrays", () => {
  const user = {
    type: "object",
    required: ["name"],
    properties: {
      id: { type: "string", format: "uuid", readOnly: true },
      name: { type: "string" },
      password: { type: "string", format: "password", writeOnly: true },
      tags: { type: "array", items: { type: "string" } },
    },
  };

  it("gives every property, in order", () => {
    expect(Object.keys(exampleFromSchema(user, { direction: "request" }) as object)).toEqual([
      "name",
      "password",
      "tags",
    ]);
  });

  it("drops readOnly properties from requests and writeOnly ones from responses", () => {
    expect(exampleFromSchema(user, request)).toEqual({
      name: "string",
      password: "password",
      tags: ["string"],
    });
    expect(exampleFromSchema(user, response)).toEqual({
      id: "3fa85f64-5717-4562-b3fc-2c963f66afa6",
      name: "string",
      tags: ["string"],
    });
  });

  it("sees readOnly on an allOf-wrapped property", () => {
    const schema = {
      properties: { id: { allOf: [{ type: "integer", readOnly: true }] }, n: { type: "integer" } },
    };
    expect(exampleFromSchema(schema, request)).toEqual({ n: 0 });
  });

  it("keeps only required properties when asked, at every level", () => {
    const schema = {
      type: "object",
      required: ["owner"],
      properties: { owner: user, note: { type: "string" } },
    };
    expect(exampleFromSchema(schema, { direction: "request", requiredOnly: true })).toEqual({
      owner: { name: "string" },
    });
  });

  it("shows one entry for additionalProperties only when there are no properties", () => {
    const map = { type: "object", additionalProperties: { type: "integer" } };
    expect(exampleFromSchema(map, response)).toEqual({ key: 0 });
    const both = { ...map, properties: { a: { type: "string" } } };
    expect(exampleFromSchema(both, response)).toEqual({ a: "string" });
    expect(exampleFromSchema({ type: "object", additionalProperties: true }, response)).toEqual({});
  });

  it("gives one item for arrays, one per position for prefixItems", () => {
    expect(exampleFromSchema({ type: "array", items: { type: "boolean" } }, response)).toEqual([
      true,
    ]);
    const tuple = { type: "array", prefixItems: [{ type: "string" }, { type: "integer" }] };
    expect(exampleFromSchema(tuple, response)).toEqual(["string", 0]);
    expect(exampleFromSchema({ type: "array" }, response)).toEqual([]);
  });
});

describe("composition", () => {
  it("merges allOf parts: properties and required combined", () => {
    const base = { type: "object", required: ["id"], properties: { id: { type: "integer" } } };
    const schema = {
      allOf: [
        base,
        { required: ["name"], properties: { name: { type: "string" }, note: { type: "string" } } },
      ],
    };
    expect(exampleFromSchema(schema, response)).toEqual({ id: 0, name: "string", note: "string" });
    expect(exampleFromSchema(schema, { ...response, requiredOnly: true })).toEqual({
      id: 0,
      name: "string",
    });
  });

  it("merges required from one allOf part with properties from another", () => {
    const base = { type: "object", properties: { a: { type: "string" }, b: { type: "string" } } };
    const schema = { allOf: [base, { required: ["b"] }] };
    expect(exampleFromSchema(schema, { ...response, requiredOnly: true })).toEqual({ b: "string" });
  });

  it("keeps the example of a single wrapped allOf part", () => {
    const schema = {
      description: "The status",
      allOf: [{ type: "string", enum: ["active", "gone"] }],
    };
    expect(exampleFromSchema(schema, response)).toBe("active");
  });

  it("takes the first oneOf/anyOf option, skipping a null option", () => {
    const oneOf = { oneOf: [{ type: "null" }, { type: "integer" }, { type: "string" }] };
    expect(exampleFromSchema(oneOf, response)).toBe(0);
    const anyOf = { anyOf: [{ type: "string", format: "date" }, { type: "null" }] };
    expect(exampleFromSchema(anyOf, response)).toBe("2024-01-15");
  });

  it("merges the chosen option with the properties beside it", () => {
    const schema = {
      type: "object",
      properties: { id: { type: "integer" } },
      oneOf: [
        { properties: { cat: { type: "boolean" } } },
        { properties: { dog: { type: "boolean" } } },
      ],
    };
    expect(exampleFromSchema(schema, response)).toEqual({ id: 0, cat: true });
  });

  it("sets the discriminator property from the mapping key naming the chosen option", () => {
    const cat = {
      title: "Cat",
      type: "object",
      properties: { kind: { type: "string" }, meows: { type: "boolean" } },
    };
    const dog = {
      title: "Dog",
      type: "object",
      properties: { kind: { type: "string" }, barks: { type: "boolean" } },
    };
    const schema = {
      oneOf: [cat, dog],
      discriminator: {
        propertyName: "kind",
        mapping: { dog: "#/components/schemas/Dog", cat: "#/components/schemas/Cat" },
      },
    };
    expect(exampleFromSchema(schema, response)).toEqual({ kind: "cat", meows: true });
  });

  it("falls back to the option's title, or the mapping key at the same position", () => {
    const options = [
      { type: "object", title: "Card", properties: { type: { type: "string" } } },
      { type: "object", title: "Bank", properties: { type: { type: "string" } } },
    ];
    const byTitle = { oneOf: options, discriminator: { propertyName: "type" } };
    expect(exampleFromSchema(byTitle, response)).toEqual({ type: "Card" });
    const untitled = options.map(({ title: _, ...rest }) => rest);
    const byPosition = {
      oneOf: untitled,
      discriminator: { propertyName: "type", mapping: { card: "#/x/A", bank: "#/x/B" } },
    };
    expect(exampleFromSchema(byPosition, { ...response, requiredOnly: true })).toEqual({
      type: "card",
    });
  });
});

describe("cycles and depth", () => {
  it("stops at a schema it is already inside", () => {
    const node: Schema = { type: "object", properties: {} };
    (node.properties as Schema).name = { type: "string" };
    (node.properties as Schema).children = { type: "array", items: node };
    expect(exampleFromSchema(node, response)).toEqual({ name: "string", children: [] });
  });

  it("stops at cycles through allOf and oneOf", () => {
    const a: Schema = { type: "object", properties: { x: { type: "integer" } } };
    a.allOf = [a];
    (a.properties as Schema).self = { oneOf: [a] };
    const value = exampleFromSchema(a, response);
    expect(JSON.stringify(value).length).toBeLessThan(200);
  });

  it("keeps a 50-level nesting bounded", () => {
    let schema: Schema = { type: "string" };
    for (let i = 0; i < 50; i++) schema = { type: "object", properties: { child: schema } };
    const value = exampleFromSchema(schema, response);
    expect(depthOf(value)).toBeGreaterThan(3);
    expect(depthOf(value)).toBeLessThanOrEqual(10);
    let arrays: Schema = { type: "integer" };
    for (let i = 0; i < 50; i++) arrays = { type: "array", items: arrays };
    expect(depthOf(exampleFromSchema(arrays, response))).toBeLessThanOrEqual(10);
  });

  it("caps the size of an example built from schemas shared at every level", () => {
    let schema: Schema = { type: "integer" };
    for (let i = 0; i < 8; i++) {
      schema = {
        type: "object",
        properties: Object.fromEntries("abcdefgh".split("").map((k) => [k, schema])),
      };
    }
    const text = JSON.stringify(exampleFromSchema(schema, response));
    expect(text.length).toBeLessThan(100_000);
  });

  it("gives the same value every time", () => {
    const schema = {
      type: "object",
      properties: { at: { type: "string", format: "date-time" }, n: { type: "number" } },
    };
    expect(exampleFromSchema(schema, response)).toEqual(exampleFromSchema(schema, response));
  });
});

describe("odd input", () => {
  it("never throws and gives something sane", () => {
    const odd: unknown[] = [
      null,
      undefined,
      false,
      42,
      "string",
      [],
      { type: 7 },
      { type: "object", properties: "nope", required: "x" },
      { type: "array", items: 5 },
      { type: "array", prefixItems: "x" },
      { allOf: "x", oneOf: {}, anyOf: [null, 3] },
      { oneOf: [] },
      { examples: "not-an-array", enum: "x" },
      { type: "string", format: 5, minLength: "x", maxLength: -1 },
      { type: "integer", minimum: "3", maximum: Number.NaN },
      { discriminator: { propertyName: 3 }, oneOf: [{ type: "object" }] },
      JSON.parse('{"properties": {"__proto__": {"type": "string"}}}'),
    ];
    for (const schema of odd) {
      expect(() => exampleFromSchema(schema, response)).not.toThrow();
      expect(() => JSON.stringify(exampleFromSchema(schema, response))).not.toThrow();
    }
    expect(exampleFromSchema(false, response)).toBeNull();
    expect(exampleFromSchema(null, response)).toBeNull();
    expect(exampleFromSchema({ type: "integer", minimum: "3" }, response)).toBe(0);
    const proto = JSON.parse('{"properties": {"__proto__": {"type": "string"}}}');
    const value = exampleFromSchema(
      { allOf: [proto, { properties: { b: { type: "integer" } } }] },
      response,
    );
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(["__proto__", "b"]);
  });
});

describe("media types and parameters", () => {
  const schema = { type: "object", properties: { id: { type: "integer" } } };

  it("prefers the media type's own example", () => {
    const media = { example: { id: 7 }, examples: { one: { value: { id: 1 } } }, schema };
    expect(exampleFromMedia(media, "response")).toEqual([{ value: { id: 7 } }]);
  });

  it("lists named examples in order, with summaries, skipping externalValue-only ones", () => {
    const media = {
      examples: {
        first: { summary: "The first", value: { id: 1 } },
        remote: { externalValue: "https://example.com/x.json" },
        second: { value: { id: 2 } },
      },
      schema,
    };
    expect(exampleFromMedia(media, "response")).toEqual([
      { name: "first", summary: "The first", value: { id: 1 } },
      { name: "second", value: { id: 2 } },
    ]);
  });

  it("generates one from the schema, by direction", () => {
    const withSecret = {
      schema: {
        properties: {
          id: { type: "integer", readOnly: true },
          secret: { type: "string", writeOnly: true },
        },
      },
    };
    expect(exampleFromMedia(withSecret, "request")).toEqual([{ value: { secret: "string" } }]);
    expect(exampleFromMedia(withSecret, "response")).toEqual([{ value: { id: 0 } }]);
    expect(exampleFromMedia({}, "response")).toEqual([]);
    expect(exampleFromMedia({ examples: { r: { externalValue: "x" } } }, "response")).toEqual([]);
  });

  it("chooses a parameter's example with the same priority", () => {
    expect(
      exampleForParameter({
        example: "a",
        examples: { x: { value: "b" } },
        schema: { type: "string" },
      }),
    ).toBe("a");
    expect(
      exampleForParameter({ examples: { x: { value: "b" } }, schema: { type: "string" } }),
    ).toBe("b");
    expect(exampleForParameter({ schema: { type: "integer", default: 20 } })).toBe(20);
    expect(exampleForParameter({ schema: { type: "string", format: "uuid" } })).toBe(
      "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    );
    expect(exampleForParameter({ content: { "application/json": { schema } } } as never)).toEqual({
      id: 0,
    });
    expect(exampleForParameter({})).toBeUndefined();
  });
});

describe("formatting", () => {
  it("pretty-prints JSON values with 2 spaces", () => {
    expect(formatExample({ a: [1, { b: true }] })).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": true\n    }\n  ]\n}',
    );
    expect(formatExample(0)).toBe("0");
    expect(formatExample(null)).toBe("null");
  });

  it("returns plain strings as is, and quotes them for a JSON content type", () => {
    expect(formatExample("hello world")).toBe("hello world");
    expect(formatExample("hello", "text/plain")).toBe("hello");
    expect(formatExample("hello", "application/json")).toBe('"hello"');
    expect(formatExample("hello", "application/problem+json; charset=utf-8")).toBe('"hello"');
  });

  it("re-indents JSON text and leaves broken JSON text alone", () => {
    expect(formatExample('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatExample("{not json")).toBe("{not json");
  });

  it("never throws", () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => formatExample(cyclic)).not.toThrow();
    expect(() => formatExample(10n)).not.toThrow();
    expect(formatExample(undefined)).toBe("");
  });
});
