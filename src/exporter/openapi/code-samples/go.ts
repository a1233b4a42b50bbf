import { escapedString, hex } from "./literals.ts";
import { FILE_PLACEHOLDER, type PreparedRequest } from "./prepared-request.ts";

/*
 * Go with net/http.
 */

function goString(text: string): string {
  // Go has no escape for a surrogate code point: a lone one becomes U+FFFD.
  return escapedString(text.toWellFormed(), (code) =>
    code < 0x80
      ? `\\x${hex(code, 2)}`
      : code > 0xffff
        ? `\\U${hex(code, 8)}`
        : `\\u${hex(code, 4)}`,
  );
}

/** A raw string literal when the text allows one (no backtick, no carriage return, which Go drops). */
function goText(text: string): string {
  return /[`\r]/.test(text) || !text.isWellFormed() ? goString(text) : `\`${text}\``;
}

const GO_ADD_FILE = `
// addFile adds the file at path to the form as a file part named field.
func addFile(writer *multipart.Writer, field, path string) {
	file, err := os.Open(path)
	if err != nil {
		panic(err)
	}
	defer file.Close()
	part, err := writer.CreateFormFile(field, filepath.Base(path))
	if err != nil {
		panic(err)
	}
	if _, err := io.Copy(part, file); err != nil {
		panic(err)
	}
}
`;

/** The request as a Go program using net/http. */
export function goSample(request: PreparedRequest): string {
  const { body } = request;
  const imports = new Set(["fmt", "io", "net/http"]);
  const setup: string[] = [];
  let helper = "";
  let payload = "nil";
  if (body?.kind === "json" || body?.kind === "text") {
    imports.add("strings");
    setup.push(`payload := strings.NewReader(${goText(body.text)})`);
    payload = "payload";
  } else if (body?.kind === "file") {
    imports.add("os");
    setup.push(
      `payload, err := os.Open(${goString(FILE_PLACEHOLDER)})`,
      "if err != nil {",
      "\tpanic(err)",
      "}",
      "defer payload.Close()",
    );
    payload = "payload";
  } else if (body?.kind === "form") {
    imports.add("net/url").add("strings");
    setup.push(
      "form := url.Values{}",
      ...body.fields.map(([name, value]) => `form.Add(${goString(name)}, ${goString(value)})`),
      "payload := strings.NewReader(form.Encode())",
    );
    payload = "payload";
  } else if (body?.kind === "multipart") {
    imports.add("bytes").add("mime/multipart");
    setup.push("payload := &bytes.Buffer{}", "writer := multipart.NewWriter(payload)");
    for (const field of body.fields) {
      if (field.file)
        setup.push(`addFile(writer, ${goString(field.name)}, ${goString(FILE_PLACEHOLDER)})`);
      else setup.push(`writer.WriteField(${goString(field.name)}, ${goString(field.value)})`);
    }
    setup.push("writer.Close()");
    if (body.fields.some((field) => field.file)) {
      imports.add("os").add("path/filepath");
      helper = `\n${GO_ADD_FILE.trimEnd()}`;
    }
    payload = "payload";
  }
  const headerLines = request.headers.map(([name, value]) =>
    // net/http takes the host from req.Host, never from the header map.
    name.toLowerCase() === "host"
      ? `req.Host = ${goString(value)}`
      : `req.Header.Add(${goString(name)}, ${goString(value)})`,
  );
  if (body?.kind === "multipart")
    headerLines.push('req.Header.Set("Content-Type", writer.FormDataContentType())');
  const main = [
    `requestURL := ${goString(request.url)}`,
    ...(setup.length > 0 ? ["", ...setup] : []),
    "",
    `req, err := http.NewRequest(${goString(request.method)}, requestURL, ${payload})`,
    "if err != nil {",
    "\tpanic(err)",
    "}",
    ...headerLines,
    "",
    "res, err := http.DefaultClient.Do(req)",
    "if err != nil {",
    "\tpanic(err)",
    "}",
    "defer res.Body.Close()",
    "",
    "body, err := io.ReadAll(res.Body)",
    "if err != nil {",
    "\tpanic(err)",
    "}",
    "fmt.Println(string(body))",
  ];
  const importLines = [...imports].sort().map((name) => `\t"${name}"`);
  return [
    "package main",
    "",
    "import (",
    ...importLines,
    ")",
    "",
    "func main() {",
    // Only an element's first line is indented: the others belong to a raw string literal.
    ...main.map((line) => (line === "" ? "" : `\t${line}`)),
    `}${helper}`,
  ].join("\n");
}
