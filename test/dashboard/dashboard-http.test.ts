import { describe, expect, it, vi } from "vitest";
import { openSecret } from "../../src/domain/secret-box.ts";
import { createTenant, startApi, type TestApi } from "../helpers/api-server.ts";
import { cookieAttributes } from "../helpers/cookies.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";
import { DashboardClient } from "./session-client.ts";

// Cheap scrypt parameters: these tests are about sign-in, throttling and sessions over HTTP, not
// the hash's cost (test/domain/password.test.ts checks it); at the real cost the dozens of
// wrong passwords here took seconds each on a loaded machine.
vi.mock("../../src/domain/password.ts", async (importOriginal) =>
  (await import("../helpers/fast-passwords.ts")).fastPasswords(importOriginal),
);

const PASSWORD = "correct horse battery staple";

async function setup(options: { workers?: boolean } = {}) {
  const api = await startApi({ workers: options.workers ?? false });
  const tenant = await createTenant(api);
  const { users } = api.services;
  const addUser = async (email: string, role: string, orgId = tenant.orgId) =>
    (await users.createUser({ email, orgId, role, password: async () => PASSWORD })).user;
  const owner = await addUser("owner@example.com", "owner");
  const org = `/dashboard/orgs/${tenant.orgId}`;
  return { api, tenant, owner, addUser, org };
}

async function signedIn(api: TestApi, email = "owner@example.com"): Promise<DashboardClient> {
  const client = new DashboardClient(api.url);
  await client.signIn(email, PASSWORD);
  return client;
}

function attributesOf(line: string | undefined): string[] {
  expect(line, "a Set-Cookie line").toBeDefined();
  return cookieAttributes(line as string);
}

const keyNames = async (api: TestApi, orgId: string) =>
  (await api.services.admin.listApiKeys(orgId)).map((key) => key.name);

describe("the dashboard over HTTP", () => {
  it("sends visitors to sign in, and serves its pages with a self-only content policy and no caching", async () => {
    const { api, org } = await setup();
    const visitor = new DashboardClient(api.url);
    const home = await visitor.get("/dashboard");
    expect([home.status, home.headers.get("location")]).toEqual([303, "/dashboard/sign-in"]);
    const page = await visitor.get(`${org}/settings/api-keys`);
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(
      `/dashboard/sign-in?next=${encodeURIComponent(`${org}/settings/api-keys`)}`,
    );
    const signIn = await visitor.get("/dashboard/sign-in");
    expect(signIn.status).toBe(200);
    const policy = signIn.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(signIn.headers.get("cache-control")).toBe("no-store");
    expect(signIn.headers.get("x-frame-options")).toBe("DENY");
    // Nothing on the page comes from another host.
    expect(signIn.text_).not.toMatch(/(src|href)="(https?:)?\/\//);
    const stylesheet = /href="(\/dashboard\/assets\/dashboard\.[0-9a-f]{12}\.css)"/.exec(
      signIn.text_,
    )?.[1];
    const script = /src="(\/dashboard\/assets\/dashboard\.[0-9a-f]{12}\.js)"/.exec(
      signIn.text_,
    )?.[1];
    for (const asset of [stylesheet, script]) {
      const response = await visitor.get(asset as string);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toContain("immutable");
    }
    // The dashboard is not part of the API's OpenAPI document.
    const document = await (await fetch(`${api.url}/openapi.json`)).json();
    expect(Object.keys(document.paths).some((path) => path.startsWith("/dashboard"))).toBe(false);
  });

  it("signs in with a new HttpOnly, SameSite=Lax session cookie, never one the browser brought", async () => {
    const { api, addUser } = await setup();
    await addUser("mallory@example.com", "member");
    // The attacker signs in, then plants their own session cookie in the victim's browser.
    const attacker = await signedIn(api, "mallory@example.com");
    const planted = attacker.cookies.get("quire_session") as string;
    const victim = new DashboardClient(api.url);
    victim.cookies.set("quire_session", planted);
    await victim.get("/dashboard/sign-in");
    // The planted session is live, so the sign-in page sends the browser on instead of showing.
    expect(victim.csrf).toBe("");
    victim.cookies.delete("quire_session");
    await victim.get("/dashboard/sign-in");
    victim.cookies.set("quire_session", planted);
    const response = await victim.post("/dashboard/sign-in", {
      email: "owner@example.com",
      password: PASSWORD,
    });
    expect(response.status).toBe(303);
    const cookie = response.headers
      .getSetCookie()
      .find((line) => line.startsWith("quire_session="));
    expect(attributesOf(cookie)).toEqual(["httponly", "max-age", "path=/", "samesite=lax"]);
    expect(cookie).toMatch(/; Max-Age=\d+(;|$)/);
    const issued = victim.cookies.get("quire_session");
    expect(issued).not.toBe(planted);
    // The planted session is over; the victim's is their own.
    expect(await api.services.users.session(planted)).toBeUndefined();
    expect((await api.services.users.session(issued as string))?.email).toBe("owner@example.com");
    // A value the server never issued is no session at all.
    const forged = new DashboardClient(api.url);
    forged.cookies.set("quire_session", "A".repeat(43));
    expect((await forged.get("/dashboard/account")).status).toBe(303);
  });

  it("sends the new session cookie once at sign-in, also over a stale one the browser brought", async () => {
    const { api } = await setup();
    const client = new DashboardClient(api.url);
    await client.get("/dashboard/sign-in");
    const expired = await signedIn(api);
    const stale = expired.cookies.get("quire_session") as string;
    await api.services.users.signOut(stale);
    for (const brought of [undefined, stale]) {
      if (brought) client.cookies.set("quire_session", brought);
      else client.cookies.delete("quire_session");
      await client.get("/dashboard/sign-in");
      const response = await client.post("/dashboard/sign-in", {
        email: "owner@example.com",
        password: PASSWORD,
      });
      expect(response.status).toBe(303);
      const cookies = response.headers.getSetCookie();
      const sessions = cookies.filter((line) => line.startsWith("quire_session="));
      expect(sessions, `brought ${brought}`).toHaveLength(1);
      expect(sessions[0]).not.toMatch(/Max-Age=0/);
      expect(cookies.filter((line) => line.startsWith("quire_form="))).toHaveLength(1);
      expect(client.cookies.get("quire_session")).not.toBe(stale);
      expect((await client.get("/dashboard/account")).status).toBe(200);
      await client.post("/dashboard/sign-out");
    }
  });

  it("makes its cookies Secure and __Host- when browsers reach it over HTTPS (a TLS proxy named by --public-url)", async () => {
    const api = await startApi({
      workers: false,
      settings: { publicUrl: "https://quire.example.com" },
    });
    const tenant = await createTenant(api);
    await api.services.users.createUser({
      email: "owner@example.com",
      orgId: tenant.orgId,
      role: "owner",
      password: async () => PASSWORD,
    });
    const client = new DashboardClient(api.url);
    const form = await client.get("/dashboard/sign-in");
    const [formCookie] = form.headers.getSetCookie();
    expect(formCookie).toMatch(/^__Host-quire_form=[^;]+;/);
    expect(attributesOf(formCookie)).toEqual(["httponly", "path=/", "samesite=lax", "secure"]);
    const signedIn = await client.post(
      "/dashboard/sign-in",
      { email: "owner@example.com", password: PASSWORD },
      { headers: { origin: "https://quire.example.com" } },
    );
    expect(signedIn.status).toBe(303);
    const sessionCookie = signedIn.headers
      .getSetCookie()
      .find((line) => line.startsWith("__Host-quire_session="));
    expect(attributesOf(sessionCookie)).toEqual([
      "httponly",
      "max-age",
      "path=/",
      "samesite=lax",
      "secure",
    ]);
    expect(client.cookies.has("quire_session")).toBe(false);
    expect((await client.get(`/dashboard/orgs/${tenant.orgId}/projects`)).status).toBe(200);
    expect(
      (await client.get("/dashboard/sign-in")).headers.get("content-security-policy"),
    ).toContain("form-action 'self' https://quire.example.com");
  });

  it("refuses a state-changing request without the session's CSRF token or from another site", async () => {
    const { api, tenant, org, addUser } = await setup();
    await addUser("other@example.com", "owner");
    const owner = await signedIn(api);
    const other = await signedIn(api, "other@example.com");
    await owner.get(`${org}/settings/api-keys`);
    const attempts: [string, Parameters<DashboardClient["post"]>[2]][] = [
      ["no token", { csrf: null }],
      ["a wrong token", { csrf: "x".repeat(43) }],
      ["another session's token", { csrf: other.csrf }],
      [
        "a token in the header of another session",
        { csrf: null, headers: { "x-csrf-token": other.csrf } },
      ],
      ["another site's Origin", { headers: { origin: "https://evil.example" } }],
      ["Origin null", { headers: { origin: "null" } }],
      ["a cross-site fetch", { headers: { "sec-fetch-site": "cross-site" } }],
    ];
    for (const [what, options] of attempts) {
      const response = await owner.post(`${org}/settings/api-keys`, { name: what }, options);
      expect(response.status, what).toBe(403);
      expect(response.headers.get("quire-error-code"), what).toBe("QUIRE_ERR_CSRF");
    }
    expect(await keyNames(api, tenant.orgId)).toEqual(["test"]);
    // The same form with the page's token, from the page's origin, works.
    await owner.get(`${org}/settings/api-keys`);
    const created = await owner.post(`${org}/settings/api-keys`, { name: "CI" });
    expect(created.status).toBe(201);
    expect(await keyNames(api, tenant.orgId)).toEqual(["test", "CI"]);
    // Without a session a form is refused, not redirected into an action.
    const visitor = new DashboardClient(api.url);
    expect((await visitor.post(`${org}/settings/api-keys`, { name: "x" })).status).toBe(401);

    // The sign-in form is protected too (a login CSRF would sign the victim in as the attacker).
    const stranger = new DashboardClient(api.url);
    const noCookie = await stranger.post(
      "/dashboard/sign-in",
      { email: "owner@example.com", password: PASSWORD },
      { csrf: "x".repeat(43) },
    );
    expect(noCookie.status).toBe(403);
    await stranger.get("/dashboard/sign-in");
    const foreign = await stranger.post(
      "/dashboard/sign-in",
      { email: "owner@example.com", password: PASSWORD },
      { headers: { origin: "https://evil.example" } },
    );
    expect(foreign.status).toBe(403);
    expect(stranger.cookies.has("quire_session")).toBe(false);
  });

  it("slows down the sixth sign-in after five wrong passwords, even with the right one", async () => {
    const { api } = await setup();
    const client = new DashboardClient(api.url);
    await client.get("/dashboard/sign-in");
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await client.post("/dashboard/sign-in", {
        email: "owner@example.com",
        password: `wrong password ${attempt}`,
      });
      expect(response.status, `attempt ${attempt}`).toBe(401);
      expect(response.text_).toContain("Wrong email or password.");
    }
    const slowed = await client.post("/dashboard/sign-in", {
      email: "owner@example.com",
      password: PASSWORD,
    });
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get("retry-after"))).toBeGreaterThanOrEqual(29);
    expect(slowed.text_).toMatch(
      /Too many failed sign-ins for this account: try again in \d+ seconds\./,
    );
    expect(client.cookies.has("quire_session")).toBe(false);
  });

  it("signs out one browser, or every browser of the account", async () => {
    const { api } = await setup();
    const laptop = await signedIn(api);
    const phone = await signedIn(api);
    const tablet = await signedIn(api);
    await laptop.get("/dashboard/account");
    const out = await laptop.post("/dashboard/sign-out");
    expect(out.headers.get("location")).toBe("/dashboard/sign-in?notice=signed-out");
    expect((await laptop.get("/dashboard/account")).status).toBe(303);
    expect((await phone.get("/dashboard/account")).text_).toContain("Active sessions</dt><dd>2");
    const everywhere = await phone.post("/dashboard/sign-out-everywhere");
    expect(everywhere.status).toBe(303);
    for (const client of [phone, tablet]) {
      const response = await client.get("/dashboard/account");
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toMatch(/^\/dashboard\/sign-in/);
    }
  });

  it("shows a member the keys without controls, and refuses their key, revoke and project forms with 403", async () => {
    const { api, tenant, org, addUser } = await setup();
    await addUser("member@example.com", "member");
    const member = await signedIn(api, "member@example.com");
    const keys = await member.get(`${org}/settings/api-keys`);
    expect(keys.status).toBe(200);
    expect(keys.text_).toContain("test");
    expect(keys.text_).toContain(tenant.projectId);
    expect(keys.text_).not.toContain("Create API key");
    expect(keys.text_).not.toContain("Revoke");
    expect(keys.text_).toContain("Only owners and admins create and revoke API keys.");
    const keyId = (await api.services.admin.listApiKeys(tenant.orgId))[0]?.id as string;
    for (const [path, fields] of [
      [`${org}/settings/api-keys`, { name: "mine" }],
      [`${org}/settings/api-keys/${keyId}/revoke`, {}],
      [
        `${org}/projects`,
        { name: "X", domain: "x.example.com", repository: "https://example.com/x.git" },
      ],
      [`${org}/settings/invitations`, { email: "friend@example.com", role: "member" }],
    ] as const) {
      const response = await member.post(path, fields);
      expect(response.status, path).toBe(403);
      expect(response.text_, path).toContain("your role in this organization does not allow this");
    }
    expect(await keyNames(api, tenant.orgId)).toEqual(["test"]);
    expect((await api.services.admin.listApiKeys(tenant.orgId))[0]?.revokedAt).toBeNull();
    expect((await member.get(`${org}/projects/new`)).status).toBe(403);
    expect((await member.get(`${org}/projects/${tenant.projectId}`)).text_).not.toContain(
      "Save project",
    );
  });

  it("creates a key shown once, and revokes it after a confirmation page", async () => {
    const { api, tenant, org } = await setup();
    const owner = await signedIn(api);
    await owner.get(`${org}/settings/api-keys`);
    const created = await owner.post(`${org}/settings/api-keys`, { name: "Deploy" });
    const key = /id="new-api-key" class="mono" readonly value="(quire_[0-9A-Za-z]+)"/.exec(
      created.text_,
    )?.[1];
    expect(key).toBeDefined();
    expect(created.text_).toContain("it is shown only this once");
    expect(created.text_).toContain("server-side secret");
    expect((await api.request("GET", `/v2/agent/${tenant.projectId}/jobs`, { key })).status).toBe(
      200,
    );
    const again = await owner.get(`${org}/settings/api-keys`);
    expect(again.text_).not.toContain(key as string);
    const id = (await api.services.admin.listApiKeys(tenant.orgId)).find(
      (each) => each.name === "Deploy",
    )?.id as string;
    const confirm = await owner.get(`${org}/settings/api-keys/${id}/revoke`);
    expect(confirm.text_).toContain("Revoke “Deploy”?");
    const revoked = await owner.post(`${org}/settings/api-keys/${id}/revoke`);
    expect(revoked.headers.get("location")).toBe(`${org}/settings/api-keys?done=key-revoked`);
    expect((await api.request("GET", `/v2/agent/${tenant.projectId}/jobs`, { key })).status).toBe(
      401,
    );
  });

  it("answers another organization's pages, projects, keys and jobs as not found", async () => {
    const { api, tenant, org } = await setup();
    const other = await createTenant(api);
    const otherJob = await api.services.agentJobs.create(other.orgId, other.projectId, "hello");
    const otherKey = (await api.services.admin.listApiKeys(other.orgId))[0]?.id as string;
    const owner = await signedIn(api);
    for (const path of [
      `/dashboard/orgs/${other.orgId}/projects`,
      `/dashboard/orgs/${other.orgId}/settings/api-keys`,
      `${org}/projects/${other.projectId}`,
      `${org}/projects/${other.projectId}/agent-jobs/${otherJob.job.id}`,
      `${org}/projects/${tenant.projectId}/agent-jobs/${otherJob.job.id}`,
      `${org}/settings/api-keys/${otherKey}/revoke`,
    ])
      expect((await owner.get(path)).status, path).toBe(404);
    await owner.get(`${org}/settings/api-keys`);
    expect((await owner.post(`${org}/settings/api-keys/${otherKey}/revoke`)).status).toBe(404);
    expect((await api.services.admin.listApiKeys(other.orgId))[0]?.revokedAt).toBeNull();
  });

  it("creates and edits projects with the same checks as the command line, keeping the forge token sealed and unseen", async () => {
    const { api, tenant, org } = await setup();
    const owner = await signedIn(api);
    await owner.get(`${org}/projects/new`);
    const fields = {
      name: "Handbook",
      domain: "handbook.example.com",
      repository: "https://git.example.com/acme/handbook.git",
      ref: "main",
      plan: "enterprise",
      deployment: "air-gapped",
      forge: "gitea",
      forgeApiUrl: "https://git.example.com/api/v1",
      forgeToken: "gitea-token-0123456789",
      pullRequestDraft: "1",
      customComponents: "static",
      airGappedPlayground: "1",
      serveAssistant: "1",
    };
    const local = await owner.post(`${org}/projects`, { ...fields, repository: makeTempDir() });
    expect(local.status).toBe(400);
    expect(local.text_).toContain("Repository: must be a clone URL");
    const taken = await owner.post(`${org}/projects`, { ...fields, domain: tenant.domain });
    expect(taken.status).toBe(400);
    expect(taken.text_).toContain("already belongs to a project");
    expect(taken.text_).toContain('value="Handbook"');
    expect(taken.text_).not.toContain("gitea-token-0123456789");
    const created = await owner.post(`${org}/projects`, fields);
    expect(created.status).toBe(303);
    const projectId = created.headers.get("location")?.split("/").at(-1) as string;
    const project = await api.services.admin.getProject(projectId);
    expect(project).toMatchObject({
      name: "Handbook",
      deployment: "air-gapped",
      forge: "gitea",
      hasForgeToken: true,
      pullRequestDraft: true,
      customComponents: "static",
      airGappedPlayground: true,
      serveAssistant: true,
    });
    const row = await api.services.context.database.db
      .selectFrom("projects")
      .select("forge_token_sealed")
      .where("id", "=", projectId)
      .executeTakeFirstOrThrow();
    expect(row.forge_token_sealed).not.toContain("gitea-token");
    expect(openSecret(api.services.context.forgeTokenKey, row.forge_token_sealed as string)).toBe(
      "gitea-token-0123456789",
    );
    const shown = await owner.get(`${org}/projects/${projectId}`);
    expect(shown.text_).toContain(projectId);
    expect(shown.text_).toContain("token stored, encrypted");
    expect(shown.text_).not.toContain("gitea-token");
    // The form shows the project's export settings as saved.
    expect(shown.text_).toContain('<option value="static" selected>Static HTML only</option>');
    expect(shown.text_).toContain(
      '<option value="interactive">Interactive: rendered and working in the page</option>',
    );
    expect(shown.text_).toContain('<option value="off">Off: left empty</option>');
    expect(shown.text_).toMatch(
      /<input type="checkbox" id="field-airGappedPlayground"[^>]* checked/,
    );
    expect(shown.text_).toContain("API playground in air-gapped exports");
    expect(shown.text_).toMatch(/<input type="checkbox" id="field-serveAssistant"[^>]* checked/);

    // An empty token field keeps the stored token; the checkbox removes it.
    const edited = await owner.post(`${org}/projects/${projectId}`, {
      ...fields,
      name: "Handbook 2",
      forgeToken: "",
      pullRequestDraft: "",
      customComponents: "off",
      airGappedPlayground: "",
      serveAssistant: "",
    });
    expect(edited.headers.get("location")).toBe(`${org}/projects/${projectId}?done=saved`);
    expect(await api.services.admin.getProject(projectId)).toMatchObject({
      name: "Handbook 2",
      hasForgeToken: true,
      pullRequestDraft: false,
      customComponents: "off",
      airGappedPlayground: false,
      serveAssistant: false,
    });
    // A value the select does not offer is refused beside the field, and nothing changes.
    const bogus = await owner.post(`${org}/projects/${projectId}`, {
      ...fields,
      customComponents: "bogus",
    });
    expect(bogus.status).toBe(400);
    expect(bogus.text_).toContain("Custom components: choose one of interactive, static, off");
    expect(await api.services.admin.getProject(projectId)).toMatchObject({
      name: "Handbook 2",
      customComponents: "off",
    });
    await owner.post(`${org}/projects/${projectId}`, { ...fields, removeForgeToken: "1" });
    expect((await api.services.admin.getProject(projectId)).hasForgeToken).toBe(false);
    // A project the operator pointed at a folder keeps it when edited.
    await owner.get(`${org}/projects/${tenant.projectId}`);
    const folder = (await api.services.admin.getProject(tenant.projectId)).repository;
    const kept = await owner.post(`${org}/projects/${tenant.projectId}`, {
      name: "Docs renamed",
      domain: tenant.domain,
      repository: folder,
      plan: "enterprise",
      deployment: "cloud",
    });
    expect(kept.status).toBe(303);
    expect((await api.services.admin.getProject(tenant.projectId)).name).toBe("Docs renamed");
  });

  it("invites a member by link: the new account chooses a password and is signed in", async () => {
    const { api, tenant, org } = await setup();
    const owner = await signedIn(api);
    await owner.get(`${org}/settings/members`);
    const invited = await owner.post(`${org}/settings/invitations`, {
      email: "newcomer@example.com",
      role: "member",
    });
    expect(invited.status).toBe(201);
    const link = /id="invitation-link" class="mono" readonly value="([^"]+)"/.exec(
      invited.text_,
    )?.[1];
    expect(link).toMatch(new RegExp(`^${api.url}/dashboard/invitation\\?token=`));
    const newcomer = new DashboardClient(api.url);
    const page = await newcomer.get(
      (link as string).slice(api.url.length).replaceAll("&amp;", "&"),
    );
    expect(page.text_).toContain("You are invited as <strong>member</strong>");
    const token = new URL((link as string).replaceAll("&amp;", "&")).searchParams.get(
      "token",
    ) as string;
    const mismatch = await newcomer.post("/dashboard/invitation", {
      token,
      password: PASSWORD,
      confirm: "something else",
    });
    expect(mismatch.status).toBe(400);
    const accepted = await newcomer.post("/dashboard/invitation", {
      token,
      password: PASSWORD,
      confirm: PASSWORD,
    });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe(`${org}/projects`);
    expect((await newcomer.get(`${org}/projects`)).text_).toContain(tenant.projectId);
    expect(
      (await new DashboardClient(api.url).get((link as string).slice(api.url.length))).status,
    ).toBe(404);
    const members = await owner.get(`${org}/settings/members`);
    expect(members.text_).toContain("newcomer@example.com");
  });

  it("counts agent jobs started from the dashboard against the API's hourly limit", async () => {
    const { api, tenant, org } = await setup();
    for (let index = 0; index < 100; index++) {
      const response = await api.request("POST", `/v2/agent/${tenant.projectId}/job`, {
        key: tenant.key,
        body: { prompt: `job ${index}` },
      });
      expect(response.status).toBe(201);
    }
    const owner = await signedIn(api);
    const path = `${org}/projects/${tenant.projectId}/agent-jobs`;
    await owner.get(path);
    const refused = await owner.post(path, { prompt: "one more" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.text_).toContain(
      "rate limit exceeded: 100 agent jobs and messages per project per hour",
    );
    expect(refused.text_).toContain(">one more</textarea>");
    const empty = await owner.post(path, { prompt: "" });
    expect(empty.status).toBe(400);
    expect(empty.text_).toContain("must not be empty");
  });

  it("answers the running job's polls as JSON, and takes follow-ups and archiving through the same rules as the API", async () => {
    const { api, tenant, org } = await setup();
    const owner = await signedIn(api);
    const project = `${org}/projects/${tenant.projectId}`;
    await owner.get(`${project}/agent-jobs`);
    const started = await owner.post(`${project}/agent-jobs`, { prompt: "Fix the typos" });
    expect(started.status).toBe(303);
    const jobPath = started.headers.get("location") as string;
    const jobId = jobPath.split("/").at(-1) as string;
    const page = await owner.get(jobPath);
    expect(page.text_).toContain("Fix the typos");
    expect(page.text_).toContain(`data-live="${jobPath}/live"`);
    const live = await owner.get(`${jobPath}/live`, { accept: "application/json" });
    expect(await JSON.parse(live.text_)).toEqual({ status: "active", final: false, prLink: null });
    // An active job takes no message (409, shown on the page); archiving stops it.
    const early = await owner.post(`${jobPath}/message`, { prompt: "and the links" });
    expect(early.status).toBe(409);
    expect(early.text_).toContain("the agent job is still active");
    expect((await owner.post(`${jobPath}/archive`)).status).toBe(303);
    expect((await api.services.agentJobs.get(tenant.orgId, tenant.projectId, jobId)).status).toBe(
      "archived",
    );
    const late = await owner.post(`${jobPath}/message`, { prompt: "and the links" });
    expect(late.text_).toContain("the agent job is archived: it takes no more messages");

    const exportJob = await api.services.exports.start(tenant.orgId, { domain: tenant.domain });
    const exportPath = `${project}/exports/${exportJob.jobId}`;
    const exportPage = await owner.get(exportPath);
    expect(exportPage.text_).toContain(`data-live="${exportPath}/live"`);
    expect(exportPage.text_).toContain('<meta http-equiv="refresh" content="3">');
    const progress = await owner.get(`${exportPath}/live`, { accept: "application/json" });
    expect(JSON.parse(progress.text_)).toEqual({
      status: "queued",
      final: false,
      progress: 0,
      pageCount: 0,
    });
    // A bundle is only for a completed export: the page says so.
    const early2 = await owner.post(`${exportPath}/bundle`);
    expect(early2.status).toBe(409);
    expect(early2.text_).toContain("request the bundle once its status is completed");
    // Signed out, a poll gets 401 JSON, not a redirect to a page.
    const visitor = new DashboardClient(api.url);
    const polled = await visitor.get(`${exportPath}/live`, { accept: "application/json" });
    expect([polled.status, JSON.parse(polled.text_)]).toEqual([
      401,
      { error: "sign in to the dashboard first" },
    ]);
  });

  it("pages through export jobs with cursors and filters them by status", async () => {
    const { api, tenant, org } = await setup();
    const started: string[] = [];
    for (let index = 0; index < 23; index++)
      started.push(
        (await api.services.exports.start(tenant.orgId, { domain: tenant.domain })).jobId,
      );
    const owner = await signedIn(api);
    const path = `${org}/projects/${tenant.projectId}/exports`;
    const first = await owner.get(path);
    const ids = (text: string) =>
      [...text.matchAll(/<code>(exp_[0-9a-z]+)<\/code><\/a>/g)].map((match) => match[1]);
    expect(ids(first.text_)).toEqual(started.slice(-20).reverse());
    const older = /href="([^"]+)" rel="next"/.exec(first.text_)?.[1]?.replaceAll("&amp;", "&");
    const second = await owner.get(older as string);
    expect(ids(second.text_)).toEqual(started.slice(0, 3).reverse());
    expect(second.text_).not.toContain('rel="next"');
    expect(ids((await owner.get(`${path}?status=queued`)).text_)).toHaveLength(20);
    expect((await owner.get(`${path}?status=completed`)).text_).toContain(
      "No completed export jobs.",
    );
  });
});
