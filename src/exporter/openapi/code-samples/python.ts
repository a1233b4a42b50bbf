import { escapedString, hasDuplicateNames, hex, type LiteralStyle, literal } from "./literals.ts";
import { FILE_PLACEHOLDER, type PreparedRequest } from "./prepared-request.ts";

/*
 * Python with requests.
 */

function pythonString(text: string): string {
  return escapedString(text, (code) =>
    code < 0x100
      ? `\\x${hex(code, 2)}`
      : code > 0xffff
        ? `\\U${hex(code, 8)}`
        : `\\u${hex(code, 4)}`,
  );
}

const PYTHON_STYLE: LiteralStyle = {
  string: pythonString,
  key: pythonString,
  true: "True",
  false: "False",
  null: "None",
  indent: "    ",
};

/** A dict of already written values, or a list of pairs when a name repeats. */
function pythonMapping(entries: [string, string][]): string {
  if (entries.length === 0) return "{}";
  if (hasDuplicateNames(entries))
    return `[\n${entries.map(([name, value]) => `    (${pythonString(name)}, ${value}),\n`).join("")}]`;
  return `{\n${entries.map(([name, value]) => `    ${pythonString(name)}: ${value},\n`).join("")}}`;
}

/** The request as a `requests.request` call. */
export function pythonSample(request: PreparedRequest): string {
  const { body } = request;
  const assignments: string[] = [];
  const args = [pythonString(request.method), "url"];
  const openFile = `open(${pythonString(FILE_PLACEHOLDER)}, "rb")`;
  if (body?.kind === "json") {
    assignments.push(`payload = ${literal(body.value, PYTHON_STYLE)}`);
    args.push("json=payload");
  } else if (body?.kind === "text") {
    assignments.push(`payload = ${pythonString(body.text)}`);
    // A str body would be sent as Latin-1; UTF-8 bytes go as they are.
    args.push('data=payload.encode("utf-8")');
  } else if (body?.kind === "file") {
    args.push(`data=${openFile}`);
  } else if (body?.kind === "form") {
    assignments.push(
      `payload = ${pythonMapping(body.fields.map(([name, value]) => [name, pythonString(value)]))}`,
    );
    args.push("data=payload");
  } else if (body?.kind === "multipart") {
    const files = body.fields.filter((field) => field.file);
    if (files.length === 0) {
      // Text parts in `files` as (no file name, value): `data` alone would be sent url-encoded.
      assignments.push(
        `files = ${pythonMapping(body.fields.map((field) => [field.name, `(None, ${pythonString(field.value)})`]))}`,
      );
      args.push("files=files");
    } else {
      const texts = body.fields.filter((field) => !field.file);
      if (texts.length > 0) {
        assignments.push(
          `payload = ${pythonMapping(texts.map((field) => [field.name, pythonString(field.value)]))}`,
        );
        args.push("data=payload");
      }
      assignments.push(`files = ${pythonMapping(files.map((field) => [field.name, openFile]))}`);
      args.push("files=files");
    }
  }
  if (request.headers.length > 0) {
    assignments.push(
      `headers = ${pythonMapping(request.headers.map(([name, value]) => [name, pythonString(value)]))}`,
    );
    args.push("headers=headers");
  }
  const lines = [
    "import requests",
    "",
    `url = ${pythonString(request.url)}`,
    "",
    ...assignments,
    ...(assignments.length > 0 ? [""] : []),
    `response = requests.request(${args.join(", ")})`,
    "",
    "print(response.text)",
  ];
  return lines.join("\n");
}
