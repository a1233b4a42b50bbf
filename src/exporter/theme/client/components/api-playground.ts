import type {
  PlaygroundAuth,
  PlaygroundData,
  PlaygroundParameter,
} from "../../../openapi/types.ts";

/** Class names all start with this (`api-playground-field`…). */
const P = "api-playground-";
/** Where auth values are kept: sessionStorage only, one entry per security scheme. */
const STORE = "quire-playground-auth:";
const TIMEOUT_MS = 30_000;
/** Response bodies are shown up to this size. */
const SHOW_BYTES = 1 << 20;
const LOCATIONS = ["path", "query", "header", "cookie"] as const;
/** The select option that reveals the base URL input. */
const OTHER = "\n";

let doc: Document;
let count = 0;

/**
 * The "Try it" playground of API reference pages: builds a form from the operation's
 * PlaygroundData (embedded as JSON in `[data-api-playground]`), sends the request with fetch
 * from the reader's browser when they press Send (never before), and shows the answer.
 * Credentials stay in sessionStorage, so they last until the tab closes.
 */
export function setup(root: Document): void {
  doc = root;
  for (const section of root.querySelectorAll<HTMLElement>("[data-api-playground]")) {
    try {
      mount(section, JSON.parse(section.querySelector(`.${P}data`)?.textContent ?? ""));
    } catch (error) {
      console.error("quire: playground", error);
    }
  }
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  name?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  if (name) element.className = P + name;
  if (text) element.textContent = text;
  return element;
}

function button(
  name: string,
  text: string,
  type: "button" | "submit" = "button",
): HTMLButtonElement {
  const element = el("button", name, text);
  element.type = type;
  return element;
}

function input(type = "text"): HTMLInputElement {
  const element = el("input", "input");
  element.type = type;
  element.autocomplete = "off";
  element.spellcheck = false;
  return element;
}

/** A labelled control, with an optional hint read out after the label. */
function field(
  label: string,
  control: HTMLElement,
  options: { required?: boolean; hint?: string; code?: boolean } = {},
): HTMLElement {
  const wrap = el("div", "field");
  const caption = el("label", "label");
  control.id = `${P}${++count}`;
  caption.htmlFor = control.id;
  caption.append(options.code ? el("code", "", label) : label);
  if (options.required) {
    const star = el("span", "required", "*");
    star.setAttribute("aria-hidden", "true");
    caption.append(star);
    control.setAttribute("aria-required", "true");
  }
  wrap.append(caption, control);
  if (options.hint) {
    const hint = el("p", "hint", options.hint);
    hint.id = `${control.id}h`;
    control.setAttribute("aria-describedby", hint.id);
    wrap.append(hint);
  }
  return wrap;
}

function group(legend: string, ...children: (Node | string)[]): HTMLFieldSetElement {
  const set = el("fieldset", "group");
  set.append(el("legend", "", legend), ...children);
  return set;
}

function stored(id: string): string | null {
  try {
    return sessionStorage.getItem(STORE + id);
  } catch {
    return null;
  }
}

function store(id: string, value: string | undefined): void {
  try {
    if (value) sessionStorage.setItem(STORE + id, value);
    else sessionStorage.removeItem(STORE + id);
  } catch {
    // Storage off: the values simply aren't remembered.
  }
}

function parameterControl(parameter: PlaygroundParameter): HTMLInputElement | HTMLSelectElement {
  const choices = parameter.enum ?? (parameter.type === "boolean" ? ["true", "false"] : undefined);
  let control: HTMLInputElement | HTMLSelectElement;
  if (choices) {
    control = el("select", "input");
    for (const value of ["", ...choices]) control.add(new Option(value || "(not set)", value));
  } else {
    control = input();
    if (parameter.type === "integer" || parameter.type === "number")
      control.inputMode = parameter.type === "integer" ? "numeric" : "decimal";
    if (parameter.type === "array") control.placeholder = "a, b, c";
  }
  control.value = parameter.example ?? "";
  return control;
}

/** An array parameter's values, from a JSON array or a comma-separated list. */
function values(parameter: PlaygroundParameter, text: string): string[] {
  if (parameter.type !== "array") return [text];
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed))
      return parsed.map((item) => (typeof item === "string" ? item : JSON.stringify(item)));
  } catch {
    // A plain list.
  }
  return text.split(",").map((item) => item.trim());
}

interface AuthInput {
  auth: PlaygroundAuth;
  controls: HTMLInputElement[];
}

function mount(section: HTMLElement, data: PlaygroundData): void {
  const title = el("h2", "title");
  const toggle = button("toggle", "Try it");
  const panel = el("div", "panel");
  const form = el("form", "form");
  panel.id = `${P}${++count}`;
  panel.hidden = true;
  toggle.setAttribute("aria-expanded", "false");
  toggle.setAttribute("aria-controls", panel.id);
  toggle.onclick = () => {
    panel.hidden = !panel.hidden;
    toggle.setAttribute("aria-expanded", String(!panel.hidden));
  };
  title.append(toggle);
  form.noValidate = true;

  // Server: the specification's base URLs, and another one the reader types.
  const servers = el("select", "input");
  for (const server of data.servers)
    servers.add(
      new Option(
        server.description ? `${server.url} (${server.description})` : server.url,
        server.url,
      ),
    );
  if (data.customServer && data.servers.length > 0)
    servers.add(new Option("Other base URL…", OTHER));
  const custom = input("url");
  custom.placeholder = "https://api.example.com";
  const customField = field(data.servers.length > 0 ? "Other base URL" : "Base URL", custom);
  const showCustom = (): void => {
    customField.hidden = !(
      data.customServer &&
      (data.servers.length === 0 || servers.value === OTHER)
    );
  };
  servers.onchange = showCustom;
  showCustom();
  form.append(
    group(
      "Server",
      ...(data.servers.length > 0 ? [field("Base URL", servers)] : []),
      ...(data.customServer ? [customField] : []),
    ),
  );

  // Authentication, remembered per scheme in sessionStorage.
  const auths: AuthInput[] = [];
  const notes: string[] = [];
  const authChildren: HTMLElement[] = [];
  for (const auth of data.auth) {
    if (auth.kind === "apiKey" && auth.in === "cookie") {
      notes.push(`the API key cookie ${auth.name}`);
      continue;
    }
    const user = input();
    const secret = input("password");
    const controls = auth.kind === "basic" ? [user, secret] : [secret];
    // Basic credentials are kept as `user:password`, like the default.
    const initial = stored(auth.id) ?? auth.default ?? "";
    const parts = auth.kind === "basic" ? initial.split(/:(.*)/s) : [initial];
    for (const [index, control] of controls.entries()) {
      control.value = parts[index] ?? "";
      control.oninput = () =>
        store(
          auth.id,
          controls
            .map((item) => item.value)
            .join(":")
            .replace(/^:$/, ""),
        );
    }
    auths.push({ auth, controls });
    if (auth.kind === "basic")
      authChildren.push(
        field(`${auth.label}: user name`, user),
        field(`${auth.label}: password`, secret),
      );
    else
      authChildren.push(
        field(auth.label, secret, {
          hint:
            auth.kind === "bearer"
              ? "Sent as Authorization: Bearer …"
              : `Sent in the ${auth.in === "query" ? "query parameter" : "header"} ${auth.name}`,
        }),
      );
  }
  if (auths.length > 0) {
    const forget = button("forget", "Forget credentials");
    forget.onclick = () => {
      for (const { auth, controls } of auths) {
        store(auth.id, "");
        for (const control of controls) control.value = "";
      }
    };
    form.append(
      group(
        "Authorization",
        ...authChildren,
        el("p", "hint", "Kept in this tab only, until it is closed."),
        forget,
      ),
    );
  }

  // Parameters, grouped by where they go.
  const parameters: [PlaygroundParameter, HTMLInputElement | HTMLSelectElement][] = [];
  for (const location of LOCATIONS) {
    const list = data.parameters.filter((parameter) => parameter.in === location);
    if (list.length === 0) continue;
    if (location === "cookie") {
      notes.push(...list.map((parameter) => `the cookie ${parameter.name}`));
      continue;
    }
    const fields = list.map((parameter) => {
      const control = parameterControl(parameter);
      parameters.push([parameter, control]);
      return field(parameter.name, control, {
        required: parameter.required || location === "path",
        hint: parameter.description,
        code: true,
      });
    });
    form.append(group(`${location[0]?.toUpperCase()}${location.slice(1)} parameters`, ...fields));
  }
  if (notes.length > 0)
    form.append(
      el(
        "p",
        "note",
        `Not sent: ${notes.join(", ")}. A page can't set cookies for another site, so the playground can't send them.`,
      ),
    );

  // Body editor.
  const body = el("textarea", "body");
  const hasBody = data.body && !/^(GET|HEAD)$/.test(data.method);
  if (data.body && hasBody) {
    body.value = data.body.example;
    body.rows = Math.min(18, body.value.split("\n").length + 1);
    body.spellcheck = false;
    body.wrap = "off";
    body.onkeydown = (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) send.click();
    };
    form.append(
      group(
        "Body",
        field(data.body.contentType, body, {
          required: data.body.required,
          hint: /form/.test(data.body.contentType)
            ? "The fields as a JSON object. Ctrl+Enter sends."
            : "Ctrl+Enter sends.",
        }),
      ),
    );
  }

  const send = button("send", "Send", "submit");
  const cancel = button("cancel", "Cancel");
  cancel.hidden = true;
  const actions = el("div", "actions");
  actions.append(send, cancel);
  form.append(actions);

  const status = el("div", "status");
  status.setAttribute("aria-live", "polite");
  const response = el("div", "response");
  const result = el("div", "result");
  result.append(status, response);
  panel.append(form, result);
  section.append(title, panel);

  const say = (text: string | Node[], error?: boolean): void => {
    status.replaceChildren(...(typeof text === "string" ? [text] : text));
    status.classList.toggle(`${P}error`, Boolean(error));
  };
  const problem = (text: string, control?: HTMLElement): void => {
    response.replaceChildren();
    say(text, true);
    control?.setAttribute("aria-invalid", "true");
    control?.focus();
  };
  form.oninput = (event) => (event.target as HTMLElement).removeAttribute("aria-invalid");

  let controller: AbortController | undefined;
  cancel.onclick = () => controller?.abort();
  form.onsubmit = async (event) => {
    event.preventDefault();
    if (controller) return;
    for (const control of form.querySelectorAll("[aria-invalid]"))
      control.removeAttribute("aria-invalid");
    const useCustom = data.customServer && !customField.hidden;
    const base = (useCustom ? custom.value.trim() : servers.value).replace(/\/+$/, "");
    if (useCustom && !base) return problem("Enter the base URL to send the request to.", custom);

    let path = data.path;
    for (const [parameter, control] of parameters) {
      if (parameter.in !== "path") continue;
      if (!control.value) return problem(`Fill in the path parameter ${parameter.name}.`, control);
      path = path.replaceAll(
        `{${parameter.name}}`,
        values(parameter, control.value).map(encodeURIComponent).join(","),
      );
    }
    let url: URL;
    try {
      url = new URL(base + path, location.href);
      if (!/^https?:$/.test(url.protocol)) throw 0;
    } catch {
      return problem(
        `${base + path} is not a valid http or https URL.`,
        useCustom ? custom : servers,
      );
    }

    const headers = new Headers();
    let payload: BodyInit | undefined;
    try {
      for (const [parameter, control] of parameters) {
        if (!control.value || parameter.in === "path") continue;
        const list = values(parameter, control.value);
        if (parameter.in === "query")
          for (const value of list) url.searchParams.append(parameter.name, value);
        else headers.set(parameter.name, list.join(","));
      }
      for (const { auth, controls } of auths) {
        const [first, second] = controls.map((control) => control.value);
        if (!first && !second) continue;
        if (auth.kind === "bearer") headers.set("Authorization", `Bearer ${first}`);
        else if (auth.kind === "basic")
          headers.set(
            "Authorization",
            `Basic ${btoa(String.fromCharCode(...new TextEncoder().encode(`${first}:${second}`)))}`,
          );
        else if (auth.in === "query") url.searchParams.set(auth.name ?? "", first ?? "");
        else headers.set(auth.name ?? "", first ?? "");
      }
    } catch (error) {
      return problem(`The request can't be built: ${(error as Error).message}`);
    }

    const text = body.value;
    if (data.body && hasBody && text.trim()) {
      const type = data.body.contentType;
      const isForm = /^application\/x-www-form-urlencoded|^multipart\/form-data/i.test(type);
      if (/json/i.test(type) || (isForm && /^\s*\{/.test(text))) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return jsonProblem(text);
        }
        if (isForm && parsed && typeof parsed === "object") {
          const fields = Object.entries(parsed).map(([key, value]): [string, string] => [
            key,
            typeof value === "string" ? value : JSON.stringify(value),
          ]);
          payload = /^multipart/i.test(type) ? new FormData() : new URLSearchParams();
          for (const [key, value] of fields) payload.append(key, value);
        }
      }
      payload ??= text;
      // FormData sets its own Content-Type, with the boundary.
      if (!(payload instanceof FormData) && !headers.has("Content-Type"))
        headers.set("Content-Type", type);
    }

    const running = new AbortController();
    controller = running;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      running.abort();
    }, TIMEOUT_MS);
    send.disabled = true;
    cancel.hidden = false;
    response.replaceChildren();
    say(`Sending ${data.method} ${url.href}…`);
    const started = performance.now();
    try {
      const answer = await fetch(url, {
        method: data.method,
        headers,
        body: payload,
        credentials: "omit",
        cache: "no-store",
        signal: running.signal,
      });
      const bytes = new Uint8Array(await answer.arrayBuffer());
      show(answer, bytes, Math.round(performance.now() - started), url);
    } catch (error) {
      if (running.signal.aborted)
        say(
          timedOut ? "No answer within 30 seconds: the request was cancelled." : "Cancelled.",
          true,
        );
      else if (error instanceof TypeError) explain(url);
      else say(String(error), true);
    } finally {
      clearTimeout(timer);
      controller = undefined;
      send.disabled = false;
      cancel.hidden = true;
    }
  };

  /** Where the JSON goes wrong, in words, with the caret moved there. */
  const jsonProblem = (text: string): void => {
    const at = jsonErrorAt(text);
    const lines = text.slice(0, at).split("\n");
    problem(
      `The body is not valid JSON: at line ${lines.length}, column ${(lines[lines.length - 1]?.length ?? 0) + 1}, ${at < text.length ? `unexpected ${text[at]}` : "it ends too early"}. Nothing was sent.`,
      body,
    );
    body.setSelectionRange(at, at);
  };

  const show = (answer: Response, bytes: Uint8Array, ms: number, url: URL): void => {
    const code = el("span", "", `${answer.status} ${answer.statusText}`.trim());
    code.className = `api-status api-status-${String(answer.status)[0]}xx`;
    say([code, el("span", "time", `${ms} ms`)]);
    const headers = [...answer.headers];
    const details = el("details", "headers");
    const list = el("dl");
    for (const [name, value] of headers) list.append(el("dt", "", name), el("dd", "", value));
    details.append(el("summary", "", `Response headers (${headers.length})`), list);
    if (answer.type === "cors")
      details.append(
        el("p", "hint", "Only the headers the API exposes to other sites (CORS) can be read here."),
      );
    response.replaceChildren(
      el("p", "url", `${data.method} ${url.href}`),
      details,
      bodyView(answer, bytes),
    );
  };

  const explain = (url: URL): void => {
    const causes = el("ul");
    for (const cause of [
      `the API doesn't allow cross-origin requests from this site (CORS): it must answer with Access-Control-Allow-Origin`,
      "the server is unreachable, or the URL is wrong",
      "mixed content: a page served over https can't call an http URL",
    ])
      causes.append(el("li", "", cause));
    response.replaceChildren();
    say(
      [
        el(
          "p",
          "",
          `The request to ${url.href} failed: it didn't reach the server, or the browser blocked the answer. Likely causes:`,
        ),
        causes,
        el("p", "", "The browser's developer console names the exact cause."),
      ],
      true,
    );
  };
}

function bodyView(answer: Response, bytes: Uint8Array): HTMLElement {
  const type = answer.headers.get("Content-Type") ?? "";
  const size = `${bytes.length.toLocaleString("en")} bytes`;
  if (bytes.length === 0) return el("p", "hint", "No body.");
  const binary = el("p", "hint", `Binary body, ${size}${type ? ` (${type})` : ""}.`);
  if (type && !/^text\/|json|xml|javascript|yaml|csv|urlencoded/i.test(type)) return binary;
  let text: string;
  try {
    // Without a type, text is told from binary by whether it decodes.
    text = new TextDecoder("utf-8", { fatal: !type }).decode(bytes.subarray(0, SHOW_BYTES), {
      stream: bytes.length > SHOW_BYTES,
    });
  } catch {
    return binary;
  }
  const wrap = el("div");
  if (bytes.length > SHOW_BYTES) wrap.append(el("p", "hint", `Showing the first 1 MB of ${size}.`));
  else if (/json/i.test(type))
    try {
      text = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // Shown as sent.
    }
  const pre = el("pre", "response-body");
  pre.tabIndex = 0;
  pre.append(el("code", "", text));
  wrap.append(pre);
  return wrap;
}

/**
 * Where JSON text that JSON.parse refused stops being valid, found by a small scanner:
 * browsers' messages don't all give a position.
 */
function jsonErrorAt(text: string): number {
  let at = 0;
  const space = /[ \t\n\r]*/y;
  const string = /"(?:[ !#-[\]-\uffff]|\\(?:["\\/bfnrt]|u[\da-fA-F]{4}))*"/y;
  const literal = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
  const skip = (pattern: RegExp): boolean => {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (found) at += found[0].length;
    return found !== null;
  };
  const expect = (pattern: RegExp | string): void => {
    skip(space);
    if (typeof pattern === "string" ? text[at] !== pattern : !skip(pattern)) throw 0;
    if (typeof pattern === "string") at++;
  };
  const value = (): void => {
    skip(space);
    const open = text[at];
    if (open !== "{" && open !== "[") {
      expect(open === '"' ? string : literal);
      return;
    }
    const close = open === "{" ? "}" : "]";
    at++;
    skip(space);
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      if (open === "{") {
        expect(string);
        expect(":");
      }
      value();
      skip(space);
      if (text[at] === close) {
        at++;
        return;
      }
      expect(",");
    }
  };
  try {
    value();
    skip(space);
  } catch {
    // `at` is where it stopped.
  }
  return Math.min(at, text.length);
}
