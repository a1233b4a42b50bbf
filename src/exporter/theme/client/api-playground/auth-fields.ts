import type { PlaygroundAuth, PlaygroundData } from "../../../openapi/types.ts";
import { message } from "../messages.ts";
import type { Elements } from "./elements.ts";

/*
 * The credentials: an input per security scheme, remembered in sessionStorage only (they last
 * until the tab closes), and put on the request where the scheme says.
 */

/** Where auth values are kept: sessionStorage only, one entry per security scheme. */
const STORE = "quire-playground-auth:";

export interface AuthInput {
  auth: PlaygroundAuth;
  /** The password (or token) input; for `basic`, the user name input before it. */
  controls: HTMLInputElement[];
}

export interface AuthFields {
  /** Absent when the operation takes no credentials the page can send. */
  group?: HTMLFieldSetElement;
  /** The API key cookies the page cannot send, named for the note that says so. */
  notes: string[];
  inputs: AuthInput[];
}

/** The inputs of the operation's credentials, filled from storage or the default, and a button to forget them. */
export function authFields(dom: Elements, data: PlaygroundData): AuthFields {
  const inputs: AuthInput[] = [];
  const notes: string[] = [];
  const children: HTMLElement[] = [];
  for (const auth of data.auth) {
    if (auth.kind === "apiKey" && auth.in === "cookie") {
      notes.push(message("apiKeyCookie", { name: auth.name ?? "" }));
      continue;
    }
    const user = dom.input();
    const secret = dom.input("password");
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
    inputs.push({ auth, controls });
    if (auth.kind === "basic")
      children.push(
        dom.field(message("userNameOf", { label: auth.label }), user),
        dom.field(message("passwordOf", { label: auth.label }), secret),
      );
    else
      children.push(
        dom.field(auth.label, secret, {
          hint:
            auth.kind === "bearer"
              ? message("sentAsBearer")
              : message(auth.in === "query" ? "sentInQuery" : "sentInHeader", {
                  name: auth.name ?? "",
                }),
        }),
      );
  }
  if (inputs.length === 0) return { notes, inputs };
  const forget = dom.button("forget", message("forgetCredentials"));
  forget.onclick = () => {
    for (const { auth, controls } of inputs) {
      store(auth.id, "");
      for (const control of controls) control.value = "";
    }
  };
  const group = dom.group(
    message("authorization"),
    ...children,
    dom.el("p", "hint", message("credentialsKept")),
    forget,
  );
  return { group, notes, inputs };
}

/** Puts the credentials the reader filled in on the request: a header, or a query parameter. */
export function applyCredentials(inputs: AuthInput[], url: URL, headers: Headers): void {
  for (const { auth, controls } of inputs) {
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
