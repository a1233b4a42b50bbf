import type { AgentTool, ToolResult } from "./tool-types.ts";

export type ParameterSchema =
  | { type: "string"; description: string }
  | { type: "integer"; description: string; minimum?: number }
  | { type: "boolean"; description: string }
  | { type: "array"; description: string; items: { type: "string" } };

export interface ToolDefinition {
  name: string;
  description: string;
  parameters: Record<string, ParameterSchema>;
  required?: string[];
  /** Runs with arguments already checked against `parameters` (and coerced: `"10"` → 10). */
  run(args: Record<string, unknown>, signal?: AbortSignal): ToolResult | Promise<ToolResult>;
}

/**
 * Makes an AgentTool whose arguments are checked before it runs, and whose failures come
 * back to the model as text: a wrong parameter name, a missing argument or an unexpected
 * file-system error is a sentence to act on, never a thrown exception. `root` is masked in
 * error messages, so the model never learns where the checkout lives on the host.
 */
export function defineTool(definition: ToolDefinition, root: string): AgentTool {
  const names = Object.keys(definition.parameters);
  const required = definition.required ?? [];
  return {
    name: definition.name,
    description: definition.description,
    parameters: {
      type: "object",
      properties: definition.parameters,
      required,
      additionalProperties: false,
    },
    async execute(rawArgs, signal) {
      const checked = checkArguments(
        definition.name,
        rawArgs,
        definition.parameters,
        required,
        names,
      );
      if (!checked.ok) return checked;
      try {
        signal?.throwIfAborted();
        return await definition.run(checked.args, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        const message = error instanceof Error ? error.message : String(error);
        return { ok: false, text: `${definition.name} failed: ${maskRoot(message, root)}` };
      }
    },
  };
}

function checkArguments(
  tool: string,
  rawArgs: unknown,
  parameters: Record<string, ParameterSchema>,
  required: string[],
  names: string[],
): { ok: true; args: Record<string, unknown> } | { ok: false; text: string } {
  const accepted =
    names.length > 0 ? `${tool} takes ${names.join(", ")}` : `${tool} takes no arguments`;
  const given = rawArgs ?? {};
  if (typeof given !== "object" || Array.isArray(given)) {
    return { ok: false, text: `${tool} expects an object of arguments; ${accepted}.` };
  }
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    const schema = parameters[key];
    if (!schema) return { ok: false, text: `${tool} has no parameter "${key}"; ${accepted}.` };
    if (value === null || value === undefined) continue;
    const coerced = coerce(value, schema);
    if (coerced === undefined) {
      return {
        ok: false,
        text: `"${key}" of ${tool} must be ${describeType(schema)}, not ${JSON.stringify(value)?.slice(0, 80)}.`,
      };
    }
    args[key] = coerced;
  }
  const missing = required.filter((key) => args[key] === undefined);
  if (missing.length > 0) {
    return {
      ok: false,
      text: `${tool} needs ${missing.map((key) => `"${key}"`).join(" and ")}; ${accepted}.`,
    };
  }
  return { ok: true, args };
}

function coerce(value: unknown, schema: ParameterSchema): unknown {
  switch (schema.type) {
    case "string":
      return typeof value === "string" ? value : undefined;
    case "integer": {
      const number =
        typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
      if (typeof number !== "number" || !Number.isInteger(number)) return undefined;
      return schema.minimum !== undefined && number < schema.minimum ? undefined : number;
    }
    case "boolean":
      if (typeof value === "boolean") return value;
      return value === "true" ? true : value === "false" ? false : undefined;
    case "array":
      if (typeof value === "string") return [value];
      return Array.isArray(value) && value.every((item) => typeof item === "string")
        ? value
        : undefined;
  }
}

function describeType(schema: ParameterSchema): string {
  switch (schema.type) {
    case "string":
      return "a string";
    case "integer":
      return schema.minimum !== undefined
        ? `a whole number of at least ${schema.minimum}`
        : "a whole number";
    case "boolean":
      return "true or false";
    case "array":
      return "a list of strings";
  }
}

function maskRoot(message: string, root: string): string {
  return message.split(`${root}/`).join("").split(root).join(".");
}
