import { formatExample } from "./example-values.ts";
import type { ApiOperation } from "./operations.ts";
import type { OperationModel } from "./request-model.ts";
import { merged, typeLabel } from "./schema-view.ts";
import type { CodeSample, Schema } from "./types.ts";

const MAX_DEPTH = 6;

/**
 * The operation in Markdown, for the page's `.md` twin, llms-full.txt and agents: endpoint,
 * servers, authorization, parameters and the body and responses as nested lists, then the
 * first request sample and the response examples.
 */
export function operationMarkdown(
  operation: ApiOperation,
  model: OperationModel,
  samples: CodeSample[],
): string {
  const method = operation.kind === "webhook" ? "WEBHOOK" : operation.method.toUpperCase();
  const parts: string[] = [`\`${method} ${operation.path}\``];
  if (operation.deprecated) parts.push("**Deprecated.**");
  if (typeof operation.operation.description === "string" && operation.operation.description.trim())
    parts.push(operation.operation.description.trim());
  if (model.servers.length > 0)
    parts.push(
      `Servers:\n${model.servers.map((server) => `- \`${server.url}\`${server.description ? ` ${server.description}` : ""}`).join("\n")}`,
    );
  const schemes = [...new Map(model.security.flat().map((scheme) => [scheme.id, scheme])).values()];
  if (schemes.length > 0) {
    parts.push(
      `## Authorizations\n\n${schemes.map((scheme) => `- \`${scheme.type === "apiKey" ? scheme.name : "Authorization"}\` (${scheme.type === "apiKey" ? scheme.in : "header"}): ${scheme.type === "http" ? `${scheme.scheme ?? "bearer"} authentication` : scheme.type === "apiKey" ? "API key" : scheme.type}${scheme.description ? `. ${oneLine(scheme.description)}` : ""}`).join("\n")}`,
    );
  }
  const titles = {
    path: "Path parameters",
    query: "Query parameters",
    header: "Headers",
    cookie: "Cookies",
  } as const;
  for (const location of ["path", "query", "header", "cookie"] as const) {
    const parameters = model.parameters.filter((parameter) => parameter.in === location);
    if (parameters.length === 0) continue;
    parts.push(
      `## ${titles[location]}\n\n${parameters.map((parameter) => `- \`${parameter.name}\` (${typeLabel(parameter.schema)}${parameter.required ? ", required" : ""}${parameter.deprecated ? ", deprecated" : ""})${parameter.description ? `: ${oneLine(parameter.description)}` : ""}`).join("\n")}`,
    );
  }
  const body = model.body?.media[0];
  if (body) {
    const lines = body.schema ? schemaLines(body.schema, "request", 0, []) : [];
    parts.push(
      `## ${operation.kind === "webhook" ? "Payload" : "Body"} (${body.type}${model.body?.required ? ", required" : ""})${lines.length > 0 ? `\n\n${lines.join("\n")}` : ""}`,
    );
  }
  if (model.responses.length > 0) {
    const responses = model.responses.map((response) => {
      const media = response.media[0];
      const lines = media?.schema ? schemaLines(media.schema, "response", 1, []) : [];
      return [
        `- **${response.status}**${response.description ? `: ${oneLine(response.description)}` : ""}${media ? ` (\`${media.type}\`)` : ""}`,
        ...lines,
      ].join("\n");
    });
    parts.push(`## Responses\n\n${responses.join("\n")}`);
  }
  const sample = samples[0];
  if (sample) parts.push(`## Example request\n\n\`\`\`${sample.language}\n${sample.code}\n\`\`\``);
  const example = model.responses.find((response) => response.media[0]?.examples[0]);
  const media = example?.media[0];
  if (example && media?.examples[0])
    parts.push(
      `## Example response (${example.status})\n\n\`\`\`json\n${formatExample(media.examples[0].value, media.type)}\n\`\`\``,
    );
  return parts.join("\n\n");
}

/** A schema's properties as a nested Markdown list, for other pages' `.md` twins (AsyncAPI messages). */
export function schemaMarkdown(schema: Schema, direction: "request" | "response"): string {
  return schemaLines(schema, direction, 0, []).join("\n");
}

/** Properties as a nested list: `- \`name\` (type, required): description`. */
function schemaLines(
  raw: Schema,
  direction: "request" | "response",
  indent: number,
  ancestors: Schema[],
): string[] {
  const schema = merged(raw);
  const inner =
    schema.items && typeof schema.items === "object" ? merged(schema.items as Schema) : schema;
  const properties =
    inner.properties && typeof inner.properties === "object"
      ? (inner.properties as Record<string, Schema>)
      : undefined;
  if (!properties || ancestors.includes(inner) || indent > MAX_DEPTH) {
    const variants = (inner.oneOf ?? inner.anyOf) as Schema[] | undefined;
    if (Array.isArray(variants) && !ancestors.includes(inner) && indent <= MAX_DEPTH) {
      return variants.flatMap((variant, index) => [
        `${"  ".repeat(indent)}- ${inner.oneOf ? "One of" : "Any of"}, option ${index + 1}: ${typeof variant.title === "string" ? variant.title : typeLabel(variant)}`,
        ...schemaLines(variant, direction, indent + 1, [...ancestors, inner]),
      ]);
    }
    return [];
  }
  const required = new Set(Array.isArray(inner.required) ? (inner.required as string[]) : []);
  return Object.entries(properties).flatMap(([name, value]) => {
    if (!value || typeof value !== "object") return [];
    const property = merged(value);
    if (
      (direction === "request" && property.readOnly === true) ||
      (direction === "response" && property.writeOnly === true)
    )
      return [];
    const notes = [
      typeLabel(property),
      ...(required.has(name) ? ["required"] : []),
      ...(property.deprecated === true ? ["deprecated"] : []),
    ];
    const values = Array.isArray(property.enum)
      ? `; one of ${property.enum.map((item) => `\`${String(item)}\``).join(", ")}`
      : "";
    const line = `${"  ".repeat(indent)}- \`${name}\` (${notes.join(", ")})${typeof property.description === "string" ? `: ${oneLine(property.description)}` : ""}${values}`;
    return [line, ...schemaLines(property, direction, indent + 1, [...ancestors, inner])];
  });
}

function oneLine(text: string): string {
  return text.trim().replace(/\s*\n\s*/g, " ");
}
