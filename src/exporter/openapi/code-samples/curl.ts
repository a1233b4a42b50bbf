import { FILE_PLACEHOLDER, type PreparedRequest, percentEncode } from "./prepared-request.ts";

/*
 * cURL: the request as one `curl` command, each option on a line of its own.
 */

/** A word bash passes as it is, else the text in single quotes (a quote inside becomes `'\''`). */
function shellQuote(text: string): string {
  if (/^[\w@%+=:,./-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", "'\\''")}'`;
}

/** The request as a `curl` command. */
export function curlSample(request: PreparedRequest): string {
  const args = [
    request.method === "HEAD" ? "--head" : `--request ${shellQuote(request.method)}`,
    `--url ${shellQuote(request.url)}`,
  ];
  for (const [name, value] of request.headers) {
    // `Name:` with nothing after it would remove the header; `Name;` sends it empty.
    args.push(`--header ${shellQuote(value === "" ? `${name};` : `${name}: ${value}`)}`);
  }
  const body = request.body;
  if (body?.kind === "json") args.push(`--data ${shellQuote(body.text)}`);
  else if (body?.kind === "text") args.push(`--data-raw ${shellQuote(body.text)}`);
  else if (body?.kind === "file") args.push(`--data-binary ${shellQuote(`@${FILE_PLACEHOLDER}`)}`);
  else if (body?.kind === "form") {
    // curl encodes the part after `=`; the name is expected encoded already.
    for (const [name, value] of body.fields)
      args.push(`--data-urlencode ${shellQuote(`${percentEncode(name)}=${value}`)}`);
  } else if (body?.kind === "multipart") {
    for (const field of body.fields) {
      if (field.file) args.push(`--form ${shellQuote(`${field.name}=@${FILE_PLACEHOLDER}`)}`);
      // `--form` reads `@file`, `<file`, quotes and `;type=` in a value; `--form-string` takes it as it is.
      else if (/^[@<"]|;/.test(field.value))
        args.push(`--form-string ${shellQuote(`${field.name}=${field.value}`)}`);
      else args.push(`--form ${shellQuote(`${field.name}=${field.value}`)}`);
    }
  }
  return `curl ${args.join(" \\\n  ")}`;
}
