import type { Node as EstreeNode, Expression } from "estree";
import type { PropValue } from "../components/types.ts";

/** Raised for an expression that is not a literal: Quire never evaluates repository code. */
export class NotLiteralError extends Error {
  constructor(what: string) {
    super(`only literal values are supported here, not ${what}`);
    this.name = "NotLiteralError";
  }
}

/**
 * Evaluates a literal expression from its syntax tree: strings, numbers, booleans, null,
 * template strings without substitutions, arrays, objects, negation, and identifiers found
 * in `scope` (values of `export const` and props). Anything else throws NotLiteralError.
 */
export function evaluateLiteral(
  node: EstreeNode,
  scope: ReadonlyMap<string, PropValue>,
): PropValue {
  switch (node.type) {
    case "Literal":
      if (node.value instanceof RegExp || typeof node.value === "bigint") {
        throw new NotLiteralError("a regular expression or bigint");
      }
      return node.value as PropValue;
    case "TemplateLiteral": {
      let text = "";
      node.quasis.forEach((quasi, index) => {
        text += quasi.value.cooked ?? quasi.value.raw;
        const expression = node.expressions[index];
        if (expression) text += String(evaluateLiteral(expression, scope) ?? "");
      });
      return text;
    }
    case "ArrayExpression":
      return node.elements.map((element) => {
        if (!element || element.type === "SpreadElement") throw new NotLiteralError("a spread");
        return evaluateLiteral(element, scope);
      });
    case "ObjectExpression": {
      const result: Record<string, PropValue> = {};
      for (const property of node.properties) {
        if (property.type !== "Property" || property.computed || property.kind !== "init") {
          throw new NotLiteralError("a computed or spread property");
        }
        const key =
          property.key.type === "Identifier"
            ? property.key.name
            : property.key.type === "Literal"
              ? String(property.key.value)
              : undefined;
        if (key === undefined) throw new NotLiteralError("a computed key");
        result[key] = evaluateLiteral(property.value as Expression, scope);
      }
      return result;
    }
    case "UnaryExpression": {
      const value = evaluateLiteral(node.argument, scope);
      if (node.operator === "-" && typeof value === "number") return -value;
      if (node.operator === "+" && typeof value === "number") return value;
      if (node.operator === "!") return !value;
      throw new NotLiteralError(`the operator ${node.operator}`);
    }
    case "Identifier":
      if (node.name === "undefined") return undefined;
      if (scope.has(node.name)) return scope.get(node.name);
      throw new NotLiteralError(`the variable "${node.name}"`);
    case "MemberExpression": {
      const object = evaluateLiteral(node.object, scope);
      const key = node.computed
        ? evaluateLiteral(node.property, scope)
        : node.property.type === "Identifier"
          ? node.property.name
          : undefined;
      if (
        object &&
        typeof object === "object" &&
        (typeof key === "string" || typeof key === "number")
      ) {
        return (object as Record<string, PropValue>)[key];
      }
      throw new NotLiteralError("a member of a non-object");
    }
    case "ExpressionStatement":
      return evaluateLiteral(node.expression, scope);
    case "JSXElement":
    case "JSXFragment":
      // A prop holding markup (`title={<>Run <code>x</code></>}`): its text is the best literal.
      return jsxText(node as unknown as JsxLike);
    default:
      throw new NotLiteralError(`a ${node.type}`);
  }
}

interface JsxLike {
  type: string;
  value?: unknown;
  expression?: EstreeNode;
  children?: JsxLike[];
}

function jsxText(node: JsxLike): string {
  if (node.type === "JSXText") return String(node.value ?? "").replace(/\s+/g, " ");
  if (node.type === "JSXExpressionContainer" && node.expression?.type === "Literal")
    return String((node.expression as { value: unknown }).value ?? "");
  return (node.children ?? []).map(jsxText).join("").trim();
}
