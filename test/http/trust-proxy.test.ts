import { describe, expect, it, vi } from "vitest";
import { resolveConfig } from "../../src/config/settings.ts";
import { ConfigError } from "../../src/domain/errors.ts";
import { DashboardClient } from "../dashboard/session-client.ts";
import { createTenant, startApi, type TestApi } from "../helpers/api-server.ts";

// Cheap scrypt parameters: these tests are about sign-in, throttling and sessions over HTTP, not
// the hash's cost (test/domain/password.test.ts checks it); at the real cost the dozens of
// wrong passwords here took seconds each on a loaded machine.
vi.mock("../../src/domain/password.ts", async (importOriginal) =>
  (await import("../helpers/fast-passwords.ts")).fastPasswords(importOriginal),
);

const PASSWORD = "correct horse battery staple";

async function withOwner(api: TestApi) {
  const tenant = await createTenant(api);
  await api.services.users.createUser({
    email: "owner@example.com",
    orgId: tenant.orgId,
    role: "owner",
    password: async () => PASSWORD,
  });
  return tenant;
}

/** A browser at the sign-in form; every request it sends carries `headers`. */
async function signInForm(api: TestApi) {
  const client = new DashboardClient(api.url);
  await client.get("/dashboard/sign-in");
  return (email: string, password: string, headers: Record<string, string> = {}) =>
    client.post("/dashboard/sign-in", { email, password }, { headers });
}

/** The client address of the sign-in posts' request log lines, in order. */
function loggedClients(api: TestApi): string[] {
  return api.logs
    .map((line) => JSON.parse(line))
    .filter(
      (line) =>
        line.msg === "request" && line.method === "POST" && line.route === "/dashboard/sign-in",
    )
    .map((line) => line.client);
}

describe("--trust-proxy (QUIRE_TRUST_PROXY)", () => {
  it("takes addresses, CIDRs and loopback from the flag or the variable, and is off by default", () => {
    expect(resolveConfig({}, {}).trustProxy).toBeUndefined();
    expect(
      resolveConfig({}, { QUIRE_TRUST_PROXY: " 10.0.0.0/8, loopback,2001:db8::/32,192.0.2.7 " })
        .trustProxy,
    ).toEqual(["10.0.0.0/8", "loopback", "2001:db8::/32", "192.0.2.7"]);
    expect(resolveConfig({ trustProxy: "uniquelocal" }, {}).trustProxy).toEqual(["uniquelocal"]);
    expect(resolveConfig({ trustProxy: "" }, { QUIRE_TRUST_PROXY: "off" }).trustProxy).toBe(
      undefined,
    );
  });

  it("refuses what would let any client choose its address, or is no address, naming the setting", () => {
    const refusal = (value: string, from: "flag" | "env") => {
      try {
        if (from === "flag") resolveConfig({ trustProxy: value }, {});
        else resolveConfig({}, { QUIRE_TRUST_PROXY: value });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error(`"${value}" was accepted`);
    };
    expect(refusal("true", "flag")).toMatch(/^--trust-proxy must name the proxies.*"true"/);
    expect(refusal("*", "env")).toMatch(/^QUIRE_TRUST_PROXY must name the proxies/);
    expect(refusal("2", "env")).toMatch(/a hop count .* would believe any client/);
    for (const wrong of ["proxy.internal", "10.0.0.0/33", "::1/129", "10.0.0.1/8/8", "10.0.0"])
      expect(refusal(`127.0.0.1,${wrong}`, "flag")).toBe(
        `--trust-proxy must list addresses, CIDRs (10.0.0.0/8), loopback, linklocal or uniquelocal; "${wrong}" is none of these`,
      );
  });

  it("is off by default: X-Forwarded-For is ignored, so a client cannot escape the throttle by naming another address", async () => {
    const api = await startApi({ workers: false });
    await withOwner(api);
    const signIn = await signInForm(api);
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await signIn(`user${attempt}@example.com`, "Summer2026!", {
        "x-forwarded-for": `198.51.100.${attempt}`,
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const held = await signIn("owner@example.com", PASSWORD, {
      "x-forwarded-for": "192.0.2.99",
      "x-forwarded-proto": "https",
    });
    expect(held.status).toBe(429);
    // Held for the first wait, 30 s, less what a loaded machine took since the 20th failure.
    expect(held.text_).toMatch(
      /Too many failed sign-ins from your address: try again in (2\d|30) seconds\./,
    );
    expect(new Set(loggedClients(api))).toEqual(new Set(["127.0.0.1"]));
  });

  it("when it names the proxy, counts and logs each client by the address the proxy gives", async () => {
    const api = await startApi({ workers: false, settings: { trustProxy: "127.0.0.1" } });
    await withOwner(api);
    const signIn = await signInForm(api);
    // What the client sends in X-Forwarded-For itself comes first; the proxy appends the address it saw.
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await signIn(`user${attempt}@example.com`, "Summer2026!", {
        "x-forwarded-for": `10.9.9.${attempt}, 198.51.100.1`,
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
    }
    const held = await signIn("owner@example.com", PASSWORD, {
      "x-forwarded-for": "198.51.100.1",
    });
    expect(held.status).toBe(429);
    expect(held.text_).toContain("from your address");
    // Another client behind the same proxy signs in; the proxy says it came over HTTPS.
    const other = new DashboardClient(api.url);
    const proxied = { "x-forwarded-for": "198.51.100.2", "x-forwarded-proto": "https" };
    await other.get("/dashboard/sign-in", proxied);
    const signedIn = await other.post(
      "/dashboard/sign-in",
      { email: "owner@example.com", password: PASSWORD },
      { headers: proxied },
    );
    expect(signedIn.status).toBe(303);
    expect(
      signedIn.headers.getSetCookie().find((line) => line.startsWith("__Host-quire_session=")),
    ).toMatch(/; Secure; /);
    const clients = loggedClients(api);
    expect(clients.slice(0, 21)).toEqual(Array(21).fill("198.51.100.1"));
    expect(clients.at(-1)).toBe("198.51.100.2");
  });

  it("when it names the proxy, slows an account down whichever clients the guesses come from", async () => {
    const api = await startApi({ workers: false, settings: { trustProxy: "loopback" } });
    const tenant = await withOwner(api);
    await api.services.users.createUser({
      email: "colleague@example.com",
      orgId: tenant.orgId,
      role: "member",
      password: async () => PASSWORD,
    });
    const signIn = await signInForm(api);
    for (let attempt = 0; attempt < 5; attempt++)
      expect(
        (
          await signIn("owner@example.com", `guess ${attempt}`, {
            "x-forwarded-for": `203.0.113.${attempt}`,
          })
        ).status,
      ).toBe(401);
    const held = await signIn("owner@example.com", PASSWORD, {
      "x-forwarded-for": "203.0.113.200",
    });
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThanOrEqual(29);
    expect(held.text_).toMatch(
      /Too many failed sign-ins for this account: try again in \d+ seconds\./,
    );
    // The addresses those guesses came from are not held back on other accounts.
    const colleague = await signIn("colleague@example.com", PASSWORD, {
      "x-forwarded-for": "203.0.113.0",
    });
    expect(colleague.status).toBe(303);
  });
});
