import path from "node:path";
import type { TSchema } from "@sinclair/typebox";
import {
  AgentJobList,
  AgentJobListQuery,
  AgentJobSchema,
  BundleSchema,
  ErrorBody,
  StartExportBody,
  StaticExportJobSchema,
} from "../../src/http/schemas.ts";
import { writeIfChanged } from "./files.ts";

/**
 * The shapes the typed client sends and receives, by the name each has in the client, from the
 * very schemas the server validates with. The client's package cannot import the server, so
 * they are written out as plain TypeScript into client/src/api-types.ts.
 */
const CLIENT_TYPES: readonly (readonly [name: string, schema: TSchema])[] = [
  ["ErrorBody", ErrorBody],
  ["AgentJob", AgentJobSchema],
  ["AgentJobList", AgentJobList],
  ["AgentJobListQuery", AgentJobListQuery],
  ["StartExportRequest", StartExportBody],
  ["StaticExportJob", StaticExportJobSchema],
  ["Bundle", BundleSchema],
];

/** Where the generated file lives, from the repository root. */
export const CLIENT_API_TYPES_FILE = "client/src/api-types.ts";

const HEADER = `// Generated from the API's schemas (src/http/schemas.ts) by tools/build/client-api-types.ts:
// do not edit. \`npm run build\` writes it again, and test/client/api-types.test.ts fails
// while it is out of step with the schemas.
`;

/** The text of client/src/api-types.ts for the schemas as they are now. */
export function clientApiTypesSource(): string {
  const named = new Map(CLIENT_TYPES.map(([name, schema]) => [schema, name]));
  const declarations = CLIENT_TYPES.map(([name, schema]) => {
    if (schema.type !== "object")
      throw new Error(`the client type ${name} must come from an object schema`);
    return `${docComment(schema, "")}export interface ${name} ${objectType(schema, named, "", name)}\n`;
  });
  return `${HEADER}\n${declarations.join("\n")}`;
}

/** Writes client/src/api-types.ts when the schemas changed it; says whether it did. */
export function writeClientApiTypes(repository: string): boolean {
  return writeIfChanged(path.join(repository, CLIENT_API_TYPES_FILE), clientApiTypesSource());
}

type Names = Map<TSchema, string>;

function typeOf(schema: TSchema, named: Names, indent: string, where: string): string {
  const name = named.get(schema);
  if (name) return name;
  if (Array.isArray(schema.type)) {
    return schema.type
      .map((type: string) => typeOf({ ...schema, type }, named, indent, where))
      .join(" | ");
  }
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf))
    return schema.anyOf.map((member: TSchema) => typeOf(member, named, indent, where)).join(" | ");
  switch (schema.type) {
    case "string":
      return "string";
    case "number":
    case "integer":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      const item = typeOf(schema.items as TSchema, named, indent, `${where}[]`);
      return item.includes(" ") ? `(${item})[]` : `${item}[]`;
    }
    case "object":
      return objectType(schema, named, indent, where);
    default:
      throw new Error(`${where}: the client's types cannot say ${JSON.stringify(schema)}`);
  }
}

function objectType(schema: TSchema, named: Names, indent: string, where: string): string {
  const required = new Set<string>(schema.required ?? []);
  const inner = `${indent}  `;
  const members = Object.entries(schema.properties as Record<string, TSchema>).map(
    ([key, property]) =>
      `${docComment(property, inner)}${inner}${key}${required.has(key) ? "" : "?"}: ${typeOf(property, named, inner, `${where}.${key}`)};\n`,
  );
  return `{\n${members.join("")}${indent}}`;
}

/** The schema's description, and its format when it has one, as a doc comment. */
function docComment(schema: TSchema, indent: string): string {
  const parts = [schema.description, schema.format ? `Format: ${schema.format}.` : undefined];
  const text = parts.filter(Boolean).join(" ");
  return text ? `${indent}/** ${text} */\n` : "";
}
