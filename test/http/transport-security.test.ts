import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import https from "node:https";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createTenant, startApi } from "../helpers/api-server.ts";
import { cookieAttributes } from "../helpers/cookies.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

const PASSWORD = "correct horse battery staple";
let tls: { cert: Buffer; key: Buffer };

beforeAll(() => {
  const folder = makeTempDir();
  const [cert, key] = [path.join(folder, "cert.pem"), path.join(folder, "key.pem")];
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert],
      ...["-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  tls = { cert: readFileSync(cert), key: readFileSync(key) };
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  setCookies: string[];
  body: string;
}

/** A request over TLS that trusts the test certificate. */
function overTls(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = https.request(url, {
      method: options.method ?? "GET",
      headers: options.headers,
      ca: tls.cert,
    });
    request.on("error", reject);
    request.on("response", (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => {
        body += chunk;
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          setCookies: response.headers["set-cookie"] ?? [],
          body,
        }),
      );
    });
    request.end(options.body);
  });
}

/** Every kind of answer: health, an API error, a dashboard page, a page that does not exist. */
const PATHS = ["/healthz", "/v2/agent/prj_x/jobs", "/dashboard/sign-in", "/nowhere"];

describe("the API over TLS", () => {
  it("tells browsers to keep to HTTPS for a year on every answer, without claiming the domain's other hosts", async () => {
    const api = await startApi({ workers: false, https: tls });
    expect(api.url).toMatch(/^https:/);
    for (const path of PATHS) {
      const answer = await overTls(`${api.url}${path}`);
      expect(answer.headers["strict-transport-security"], path).toBe("max-age=31536000");
    }
  });

  it("never sends Strict-Transport-Security over plain HTTP, even behind a proxy that says https", async () => {
    const api = await startApi({
      workers: false,
      settings: { publicUrl: "https://quire.example.com", trustProxy: "127.0.0.1" },
    });
    for (const path of PATHS) {
      const response = await fetch(`${api.url}${path}`, {
        headers: { "x-forwarded-proto": "https" },
      });
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("signs in with one Secure __Host- session cookie", async () => {
    const api = await startApi({ workers: false, https: tls });
    const tenant = await createTenant(api);
    await api.services.users.createUser({
      email: "owner@example.com",
      orgId: tenant.orgId,
      role: "owner",
      password: async () => PASSWORD,
    });
    const form = await overTls(`${api.url}/dashboard/sign-in`);
    const formCookie = (form.setCookies[0] as string).split(";")[0] as string;
    const csrf = /name="_csrf" value="([^"]+)"/.exec(form.body)?.[1] as string;
    const signedIn = await overTls(`${api.url}/dashboard/sign-in`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: api.url,
        cookie: formCookie,
      },
      body: new URLSearchParams({
        email: "owner@example.com",
        password: PASSWORD,
        _csrf: csrf,
      }).toString(),
    });
    expect(signedIn.status).toBe(303);
    const sessions = signedIn.setCookies.filter((line) => line.startsWith("__Host-quire_session="));
    expect(sessions).toHaveLength(1);
    // Its attributes as a browser reads them, in any order.
    const attributes = cookieAttributes(sessions[0] as string);
    expect(attributes).toEqual(["httponly", "max-age", "path=/", "samesite=lax", "secure"]);
    expect(signedIn.headers["strict-transport-security"]).toBe("max-age=31536000");
  });
});
