import { expect } from "vitest";

/**
 * A minimal browser for dashboard tests over HTTP: keeps cookies, follows no redirect by
 * itself, sends forms URL-encoded with the page's Origin, and reads CSRF tokens from pages.
 */
export class DashboardClient {
  readonly base: string;
  readonly cookies = new Map<string, string>();
  /** The `_csrf` value of the last page read. */
  csrf = "";

  constructor(base: string) {
    this.base = base;
  }

  #remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = (pair as string).indexOf("=");
      const name = (pair as string).slice(0, index);
      const value = (pair as string).slice(index + 1);
      if (/Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async get(
    path: string,
    headers: Record<string, string> = {},
  ): Promise<Response & { text_: string }> {
    const response = await fetch(`${this.base}${path}`, {
      redirect: "manual",
      headers: { cookie: this.cookieHeader(), ...headers },
    });
    this.#remember(response);
    const text = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return Object.assign(response, { text_: text });
  }

  /** A form post; `_csrf` is the last page's unless given (null leaves it out). */
  async post(
    path: string,
    fields: Record<string, string> = {},
    options: { csrf?: string | null; headers?: Record<string, string> } = {},
  ): Promise<Response & { text_: string }> {
    const body = new URLSearchParams(fields);
    const csrf = options.csrf === undefined ? this.csrf : options.csrf;
    if (csrf !== null) body.set("_csrf", csrf);
    const response = await fetch(`${this.base}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: this.base,
        cookie: this.cookieHeader(),
        ...options.headers,
      },
      body,
    });
    this.#remember(response);
    const text = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return Object.assign(response, { text_: text });
  }

  /** Signs in through the sign-in form; expects success. */
  async signIn(email: string, password: string): Promise<void> {
    await this.get("/dashboard/sign-in");
    const response = await this.post("/dashboard/sign-in", { email, password });
    expect(response.status, response.text_).toBe(303);
  }
}
