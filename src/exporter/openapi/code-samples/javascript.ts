import { escapedString, hasDuplicateNames, hex, type LiteralStyle, literal } from "./literals.ts";
import { FILE_PLACEHOLDER, type PreparedRequest } from "./prepared-request.ts";

/*
 * JavaScript and TypeScript with fetch (Node 20+ or a browser; files through node:fs).
 */

function jsString(text: string): string {
  return escapedString(text, (code) =>
    code > 0xffff ? `\\u{${hex(code, 1)}}` : `\\u${hex(code, 4)}`,
  );
}

const JS_STYLE: LiteralStyle = {
  string: jsString,
  // `__proto__: x` would set the prototype; the computed form makes a plain property.
  key: (name) =>
    name === "__proto__"
      ? '["__proto__"]'
      : /^[A-Za-z_$][\w$]*$/.test(name)
        ? name
        : jsString(name),
  true: "true",
  false: "false",
  null: "null",
  indent: "  ",
};

/** The request as a fetch call: JavaScript, or TypeScript when `typescript`. */
export function javascriptSample(request: PreparedRequest, typescript = false): string {
  const { body } = request;
  const before: string[] = [];
  let needsFiles = false;
  let bodyCode: string | undefined;
  if (body?.kind === "json") bodyCode = `JSON.stringify(${literal(body.value, JS_STYLE, 1)})`;
  else if (body?.kind === "text") bodyCode = jsString(body.text);
  else if (body?.kind === "file") {
    needsFiles = true;
    bodyCode = `await openAsBlob(${jsString(FILE_PLACEHOLDER)})`;
  } else if (body?.kind === "form") {
    const fields = hasDuplicateNames(body.fields) ? body.fields : Object.fromEntries(body.fields);
    bodyCode = `new URLSearchParams(${literal(fields, JS_STYLE, 1)})`;
  } else if (body?.kind === "multipart") {
    before.push("const form = new FormData();");
    for (const field of body.fields) {
      const file = `await openAsBlob(${jsString(FILE_PLACEHOLDER)}), ${jsString(FILE_PLACEHOLDER.split("/").pop() as string)}`;
      before.push(
        `form.append(${jsString(field.name)}, ${field.file ? file : jsString(field.value)});`,
      );
      needsFiles ||= field.file;
    }
    bodyCode = "form";
  }
  const options = [`  method: ${jsString(request.method)},`];
  if (request.headers.length > 0)
    options.push(`  headers: ${literal(Object.fromEntries(request.headers), JS_STYLE, 1)},`);
  if (bodyCode) options.push(`  body: ${bodyCode},`);
  const lines = [
    ...(needsFiles ? ['import { openAsBlob } from "node:fs";', ""] : []),
    `const url = ${jsString(request.url)};`,
    ...(before.length > 0 ? ["", ...before] : []),
    "",
    `const options${typescript ? ": RequestInit" : ""} = {`,
    ...options,
    "};",
    "",
    "const response = await fetch(url, options);",
    "console.log(await response.text());",
  ];
  return lines.join("\n");
}
