import { escapedString, hex } from "./literals.ts";
import {
  FILE_PLACEHOLDER,
  type PreparedBody,
  type PreparedRequest,
  percentEncode,
} from "./prepared-request.ts";

/*
 * Java with java.net.http (`HttpRequest.BodyPublishers.concat` needs Java 16).
 */

/**
 * Java string literals are read after `\uXXXX` escapes are replaced, so a `\u000a` there would
 * end the line: characters below 0x80 are escaped in octal, the others as `\uXXXX` (UTF-16
 * units), which also keeps the source ASCII whatever encoding javac assumes.
 */
function javaString(text: string): string {
  const unit = (code: number): string => `\\u${hex(code, 4)}`;
  return escapedString(
    text,
    (code) =>
      code < 0x80
        ? `\\${code.toString(8).padStart(3, "0")}`
        : code > 0xffff
          ? String.fromCodePoint(code)
              .split("")
              .map((part) => unit(part.charCodeAt(0)))
              .join("")
          : unit(code),
    (code) => code < 0x20 || code > 0x7e,
  );
}

/**
 * A text block (Java 15) for multi-line text that does not end in a quote or backslash: its lines
 * indented with the code, which javac strips again, and the closing delimiter on the last line so
 * no newline is added. Other text gets a string literal.
 */
function javaText(text: string, indent: string): string {
  const fits =
    text.includes("\n") &&
    /^[^ \n]/m.test(text) &&
    !/["\\\s]$/.test(text) &&
    !/[^\S\n]\n/.test(text);
  if (!fits) return javaString(text);
  let escaped = "";
  for (const character of text.replaceAll("\\", "\\\\")) {
    const code = character.codePointAt(0) as number;
    if (code > 0x7e) escaped += javaString(character).slice(1, -1);
    else if (code < 0x20 && character !== "\n") escaped += javaString(character).slice(1, -1);
    else escaped += character;
  }
  escaped = escaped.replaceAll('"""', '""\\"');
  return `"""\n${escaped
    .split("\n")
    .map((line) => (line === "" ? "" : `${indent}${line}`))
    .join("\n")}"""`;
}

/** Headers java.net.http refuses to set. */
const JAVA_RESTRICTED_HEADERS = new Set([
  "connection",
  "content-length",
  "expect",
  "host",
  "upgrade",
]);

const JAVA_BOUNDARY = "QuireFormBoundary7MA4YWxkTrZu0gW";

/** The body publisher expression, and the Content-Type a multipart body needs. */
function javaBody(body: PreparedBody | undefined): { publisher: string; contentType?: string } {
  const ofString = (text: string): string =>
    `HttpRequest.BodyPublishers.ofString(${javaString(text)})`;
  const ofFile = `HttpRequest.BodyPublishers.ofFile(Path.of(${javaString(FILE_PLACEHOLDER)}))`;
  if (!body) return { publisher: "HttpRequest.BodyPublishers.noBody()" };
  if (body.kind === "json")
    return {
      publisher: `HttpRequest.BodyPublishers.ofString(${javaText(body.text, " ".repeat(16))})`,
    };
  if (body.kind === "text") return { publisher: ofString(body.text) };
  if (body.kind === "file") return { publisher: ofFile };
  if (body.kind === "form")
    return {
      publisher: ofString(
        body.fields
          .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
          .join("&"),
      ),
    };
  // Multipart: the parts written out around the files, which are read as they are sent.
  const parts: string[] = [];
  let text = "";
  const fileName = FILE_PLACEHOLDER.split("/").pop() as string;
  const quoted = (name: string): string =>
    name
      .replaceAll("\\", "\\\\")
      .replaceAll('"', '\\"')
      .replaceAll("\r", "%0D")
      .replaceAll("\n", "%0A");
  for (const field of body.fields) {
    text += `--${JAVA_BOUNDARY}\r\nContent-Disposition: form-data; name="${quoted(field.name)}"`;
    if (field.file) {
      text += `; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      parts.push(ofString(text), ofFile);
      text = "\r\n";
    } else {
      text += `\r\n\r\n${field.value}\r\n`;
    }
  }
  text += `--${JAVA_BOUNDARY}--\r\n`;
  parts.push(ofString(text));
  const publisher =
    parts.length === 1
      ? (parts[0] as string)
      : `HttpRequest.BodyPublishers.concat(\n                ${parts.join(",\n                ")})`;
  return { publisher, contentType: `multipart/form-data; boundary=${JAVA_BOUNDARY}` };
}

/** The request as a Java class using java.net.http. */
export function javaSample(request: PreparedRequest): string {
  const { publisher, contentType } = javaBody(request.body);
  const headers: [string, string][] = request.headers.filter(
    ([name]) => !JAVA_RESTRICTED_HEADERS.has(name.toLowerCase()),
  );
  if (contentType) headers.push(["Content-Type", contentType]);
  const usesPath = publisher.includes("Path.of(");
  const lines = [
    "import java.net.URI;",
    "import java.net.http.HttpClient;",
    "import java.net.http.HttpRequest;",
    "import java.net.http.HttpResponse;",
    ...(usesPath ? ["import java.nio.file.Path;"] : []),
    "",
    "public class Main {",
    "    public static void main(String[] args) throws Exception {",
    "        HttpRequest request = HttpRequest.newBuilder()",
    `            .uri(URI.create(${javaString(request.url)}))`,
    ...headers.map(
      ([name, value]) => `            .header(${javaString(name)}, ${javaString(value)})`,
    ),
    `            .method(${javaString(request.method)}, ${publisher})`,
    "            .build();",
    "        HttpResponse<String> response = HttpClient.newHttpClient()",
    "            .send(request, HttpResponse.BodyHandlers.ofString());",
    "        System.out.println(response.body());",
    "    }",
    "}",
  ];
  return lines.join("\n");
}
