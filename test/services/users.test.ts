import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase, type QuireDatabase } from "../../src/db/database.ts";
import { FieldError, QuireError } from "../../src/domain/errors.ts";
import { AdminService } from "../../src/services/admin.ts";
import { UsersService } from "../../src/services/users.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testBackendIsPostgres,
} from "../helpers/postgres.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

// Cheap scrypt parameters: this file is about accounts, throttling and sessions, not the cost.
vi.mock("../../src/domain/password.ts", async (importOriginal) =>
  (await import("../helpers/fast-passwords.ts")).fastPasswords(importOriginal),
);

const PASSWORD = "correct horse battery staple";
const ADDRESS = "203.0.113.7";

let database: QuireDatabase;
let postgres: TestDatabase | undefined;
let users: UsersService;
let orgId: string;

beforeEach(async () => {
  // QUIRE_TEST_BACKEND=postgres runs the same rules on a PostgreSQL database of its own.
  postgres = testBackendIsPostgres() ? await createTestDatabase() : undefined;
  database = await openDatabase(postgres?.url, makeTempDir());
  users = new UsersService(database.db);
  orgId = (await new AdminService(database.db, randomBytes(32)).createOrganization("Acme")).id;
});
afterEach(async () => {
  vi.useRealTimers();
  await database.close();
  await postgres?.drop();
});

async function createUser(email: string, role = "owner", org = orgId) {
  return (await users.createUser({ email, orgId: org, role, password: async () => PASSWORD })).user;
}

async function errorOf(promise: Promise<unknown>): Promise<QuireError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(QuireError);
  return error as QuireError;
}

describe("creating users", () => {
  it("stores the email in lowercase and only an scrypt hash of the password", async () => {
    const user = await createUser("Ada@Example.COM");
    expect(user.email).toBe("ada@example.com");
    const row = await database.db.selectFrom("users").selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(await users.memberships(user.id)).toMatchObject([
      { orgId, orgName: "Acme", role: "owner" },
    ]);
  });

  it("refuses a malformed email, a short password, an unknown role or organization, naming the field", async () => {
    const attempt = (
      input: Partial<{ email: string; role: string; org: string; password: string }>,
    ) =>
      users
        .createUser({
          email: input.email ?? "x@example.com",
          orgId: input.org ?? orgId,
          role: input.role ?? "member",
          password: async () => input.password ?? PASSWORD,
        })
        .then(
          () => undefined,
          (error: FieldError) => [error.field, error.message],
        );
    expect(await attempt({ email: "not an email" })).toEqual([
      "email",
      '--email must be an email address, not "not an email"',
    ]);
    expect(await attempt({ password: "short" })).toEqual([
      "password",
      "the password must be at least 10 characters",
    ]);
    expect(await attempt({ role: "root" })).toEqual([
      "role",
      '--role must be one of owner, admin, member, not "root"',
    ]);
    expect((await attempt({ org: "org_nope12345678" }))?.[0]).toBe("org");
    expect(await database.db.selectFrom("users").selectAll().execute()).toEqual([]);
  });

  it("adds an existing account to another organization without asking for a password again", async () => {
    const user = await createUser("ada@example.com");
    const other = (await new AdminService(database.db, randomBytes(32)).createOrganization("Beta"))
      .id;
    const asked = vi.fn(async () => "never used here");
    const result = await users.createUser({
      email: "ADA@example.com",
      orgId: other,
      role: "member",
      password: asked,
    });
    expect(result).toMatchObject({ created: false, role: "member", user: { id: user.id } });
    expect(asked).not.toHaveBeenCalled();
    expect((await users.memberships(user.id)).map((membership) => membership.role)).toEqual([
      "owner",
      "member",
    ]);
    await expect(
      users.createUser({ email: "ada@example.com", orgId: other, role: "admin", password: asked }),
    ).rejects.toThrow(/already a member of this organization/);
  });
});

describe("signing in", () => {
  it("opens a session for the right password; the database keeps only a hash of its token", async () => {
    const user = await createUser("ada@example.com");
    const session = await users.signIn({
      email: " ADA@example.com ",
      password: PASSWORD,
      address: ADDRESS,
    });
    expect(session.user.id).toBe(user.id);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.csrfToken).not.toBe(session.token);
    const rows = await database.db.selectFrom("sessions").selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(session.token);
    expect(await users.session(session.token)).toMatchObject({
      userId: user.id,
      email: "ada@example.com",
      csrfToken: session.csrfToken,
    });
  });

  it("answers a wrong password and an unknown email alike", async () => {
    await createUser("ada@example.com");
    const wrong = await errorOf(
      users.signIn({ email: "ada@example.com", password: "wrong password!", address: ADDRESS }),
    );
    const unknown = await errorOf(
      users.signIn({ email: "bob@example.com", password: PASSWORD, address: ADDRESS }),
    );
    expect([wrong.code, wrong.message]).toEqual([
      "QUIRE_ERR_SIGN_IN_FAILED",
      "wrong email or password",
    ]);
    expect([unknown.code, unknown.message]).toEqual([wrong.code, wrong.message]);
  });

  it("slows down an account after five failures from any addresses: each wait twice the one before", async () => {
    await createUser("ada@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-01-01T10:00:00.000Z");
    vi.setSystemTime(start);
    const attempt = (password: string, address: string) =>
      users.signIn({ email: "ada@example.com", password, address });
    // Five guesses, each from an address of its own.
    for (let failure = 0; failure < 5; failure++)
      expect((await errorOf(attempt("wrong password!", `198.51.100.${failure}`))).code).toBe(
        "QUIRE_ERR_SIGN_IN_FAILED",
      );

    // Even the right password, from an address never seen, waits now; the answer says how long.
    const throttled = await errorOf(attempt(PASSWORD, ADDRESS));
    expect(throttled.code).toBe("QUIRE_ERR_SIGN_IN_THROTTLED");
    expect(throttled.status).toBe(429);
    expect(throttled.headers["Retry-After"]).toBe("30");
    expect(throttled.message).toBe(
      "too many failed sign-ins for this account: try again in 30 seconds",
    );

    vi.setSystemTime(start + 31_000);
    expect((await errorOf(attempt("wrong again!!", "198.51.100.77"))).code).toBe(
      "QUIRE_ERR_SIGN_IN_FAILED",
    );
    const longer = await errorOf(attempt(PASSWORD, ADDRESS));
    expect([longer.headers["Retry-After"], longer.message]).toEqual([
      "60",
      "too many failed sign-ins for this account: try again in 1 minute",
    ]);
    vi.setSystemTime(start + 31_000 + 61_000);
    await expect(attempt(PASSWORD, ADDRESS)).resolves.toMatchObject({
      user: { email: "ada@example.com" },
    });
  });

  it("slows down an address after twenty failures, whatever the accounts tried", async () => {
    await createUser("ada@example.com");
    await createUser("bob@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-01-01T10:00:00.000Z");
    vi.setSystemTime(start);
    // One password sprayed over twenty accounts, four tries each: no account reaches its five.
    for (let failure = 0; failure < 20; failure++)
      expect(
        (
          await errorOf(
            users.signIn({
              email: `user${failure % 5}@example.com`,
              password: "Summer2026!",
              address: ADDRESS,
            }),
          )
        ).code,
      ).toBe("QUIRE_ERR_SIGN_IN_FAILED");
    const throttled = await errorOf(
      users.signIn({ email: "ada@example.com", password: PASSWORD, address: ADDRESS }),
    );
    expect([throttled.code, throttled.headers["Retry-After"], throttled.message]).toEqual([
      "QUIRE_ERR_SIGN_IN_THROTTLED",
      "30",
      "too many failed sign-ins from your address: try again in 30 seconds",
    ]);
    // The accounts sprayed are not held back from elsewhere.
    await expect(
      users.signIn({ email: "ada@example.com", password: PASSWORD, address: "192.0.2.1" }),
    ).resolves.toMatchObject({ user: { email: "ada@example.com" } });
    // Waits double as the address keeps failing, up to 15 minutes.
    let waited = start;
    for (const seconds of [30, 60, 120, 240, 480, 900]) {
      waited += seconds * 1000;
      vi.setSystemTime(waited);
      expect(
        (await errorOf(users.signIn({ email: "x@example.com", password: "?", address: ADDRESS })))
          .code,
      ).toBe("QUIRE_ERR_SIGN_IN_FAILED");
      const next = await errorOf(
        users.signIn({ email: "bob@example.com", password: PASSWORD, address: ADDRESS }),
      );
      expect(next.headers["Retry-After"], `after ${seconds} s`).toBe(
        String(Math.min(seconds * 2, 900)),
      );
    }
    expect(
      (
        await errorOf(
          users.signIn({ email: "bob@example.com", password: PASSWORD, address: ADDRESS }),
        )
      ).message,
    ).toBe("too many failed sign-ins from your address: try again in 15 minutes");
  });

  it("forgets, at a success, only that account's failures from that address", async () => {
    await createUser("ada@example.com");
    await createUser("mallory@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse("2026-01-01T10:00:00.000Z"));
    const signIn = (email: string, password: string, address: string) =>
      users.signIn({ email, password, address });

    // An attacker's own account does not buy their address new guesses on others.
    const attacker = "203.0.113.66";
    for (let failure = 0; failure < 19; failure++)
      await errorOf(signIn(`victim${failure % 4}@example.com`, "guess!", attacker));
    await signIn("mallory@example.com", PASSWORD, attacker);
    await errorOf(signIn("victim9@example.com", "guess!", attacker));
    expect((await errorOf(signIn("mallory@example.com", PASSWORD, attacker))).message).toMatch(
      /from your address/,
    );

    // Ada's success from home does not forget the guesses made on her account elsewhere.
    for (let failure = 0; failure < 4; failure++)
      await errorOf(signIn("ada@example.com", "guess!", `198.51.100.${failure}`));
    await signIn("ada@example.com", PASSWORD, "192.0.2.10");
    await errorOf(signIn("ada@example.com", "guess!", "198.51.100.200"));
    expect((await errorOf(signIn("ada@example.com", PASSWORD, "192.0.2.10"))).message).toMatch(
      /for this account/,
    );
  });

  it("counts the attempts of an IPv6 client under its /64, where it can pick any address", async () => {
    await createUser("ada@example.com");
    for (let failure = 0; failure < 20; failure++)
      await errorOf(
        users.signIn({
          email: `user${failure}@example.com`,
          password: "guess!",
          address: `2001:db8:1:2:${failure.toString(16)}::${failure + 1}`,
        }),
      );
    const sameNetwork = await errorOf(
      users.signIn({ email: "ada@example.com", password: PASSWORD, address: "2001:db8:1:2::ffff" }),
    );
    expect(sameNetwork.message).toMatch(/from your address/);
    await expect(
      users.signIn({ email: "ada@example.com", password: PASSWORD, address: "2001:db8:1:3::1" }),
    ).resolves.toMatchObject({ user: {} });
  });

  it("counts guesses made in parallel: no more than five reach the password check, from one address or many", async () => {
    await createUser("ada@example.com");
    for (const address of [() => ADDRESS, (index: number) => `198.51.100.${index}`]) {
      await database.db.deleteFrom("sign_in_attempts").execute();
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, index) =>
          users.signIn({
            email: "ada@example.com",
            password: "wrong password!",
            address: address(index),
          }),
        ),
      );
      const codes = results.map((result) =>
        result.status === "rejected" ? (result.reason as QuireError).code : "ok",
      );
      expect(codes.filter((code) => code === "QUIRE_ERR_SIGN_IN_FAILED")).toHaveLength(5);
      expect(codes.filter((code) => code === "QUIRE_ERR_SIGN_IN_THROTTLED")).toHaveLength(7);
    }
  });
});

describe("sessions", () => {
  it("ends one session at sign-out, and every session of the user with sign-out everywhere", async () => {
    const ada = await createUser("ada@example.com");
    await createUser("bob@example.com", "member");
    const first = await users.signIn({
      email: "ada@example.com",
      password: PASSWORD,
      address: ADDRESS,
    });
    const second = await users.signIn({
      email: "ada@example.com",
      password: PASSWORD,
      address: ADDRESS,
    });
    const third = await users.signIn({
      email: "ada@example.com",
      password: PASSWORD,
      address: ADDRESS,
    });
    const bob = await users.signIn({
      email: "bob@example.com",
      password: PASSWORD,
      address: ADDRESS,
    });
    expect(await users.sessionCount(ada.id)).toBe(3);
    await users.signOut(first.token);
    expect(await users.session(first.token)).toBeUndefined();
    expect(await users.session(second.token)).toBeDefined();
    expect(await users.signOutEverywhere(ada.id)).toBe(2);
    expect(await users.session(second.token)).toBeUndefined();
    expect(await users.session(third.token)).toBeUndefined();
    expect(await users.session(bob.token)).toBeDefined();
  });

  it("ends a session unused for a day, and any session after 14 days", async () => {
    await createUser("ada@example.com");
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.parse("2026-01-01T10:00:00.000Z");
    vi.setSystemTime(start);
    const idle = await users.signIn({
      email: "ada@example.com",
      password: PASSWORD,
      address: ADDRESS,
    });
    const busy = await users.signIn({
      email: "ada@example.com",
      password: PASSWORD,
      address: ADDRESS,
    });
    // Used every 20 hours: alive for 14 days.
    for (let hours = 20; hours < 14 * 24; hours += 20) {
      vi.setSystemTime(start + hours * 3600_000);
      expect(await users.session(busy.token), `after ${hours} hours`).toBeDefined();
    }
    expect(await users.session(idle.token)).toBeUndefined();
    vi.setSystemTime(start + 14 * 24 * 3600_000 + 1000);
    expect(await users.session(busy.token)).toBeUndefined();
  });

  it("knows no session for a value it did not issue", async () => {
    expect(await users.session("attacker-chosen-value")).toBeUndefined();
    expect(await users.session("A".repeat(43))).toBeUndefined();
  });
});

describe("roles", () => {
  it("lets owners and admins manage, and members not", async () => {
    const owner = await createUser("owner@example.com", "owner");
    const admin = await createUser("admin@example.com", "admin");
    const member = await createUser("member@example.com", "member");
    await expect(users.requireManager(owner.id, orgId)).resolves.toMatchObject({ role: "owner" });
    await expect(users.requireManager(admin.id, orgId)).resolves.toMatchObject({ role: "admin" });
    expect((await errorOf(users.requireManager(member.id, orgId))).code).toBe(
      "QUIRE_ERR_FORBIDDEN",
    );
    const stranger = (
      await new AdminService(database.db, randomBytes(32)).createOrganization("Other")
    ).id;
    expect((await errorOf(users.requireManager(owner.id, stranger))).code).toBe(
      "QUIRE_ERR_ORG_NOT_FOUND",
    );
  });

  it("keeps the owner role to owners, and at least one owner in the organization", async () => {
    const owner = await createUser("owner@example.com", "owner");
    const admin = await createUser("admin@example.com", "admin");
    const member = await createUser("member@example.com", "member");
    expect((await errorOf(users.changeRole(admin.id, orgId, member.id, "owner"))).code).toBe(
      "QUIRE_ERR_FORBIDDEN",
    );
    expect((await errorOf(users.changeRole(admin.id, orgId, owner.id, "member"))).code).toBe(
      "QUIRE_ERR_FORBIDDEN",
    );
    expect((await errorOf(users.removeMember(admin.id, orgId, owner.id))).code).toBe(
      "QUIRE_ERR_FORBIDDEN",
    );
    expect((await errorOf(users.changeRole(member.id, orgId, admin.id, "member"))).code).toBe(
      "QUIRE_ERR_FORBIDDEN",
    );
    expect((await errorOf(users.changeRole(owner.id, orgId, owner.id, "admin"))).code).toBe(
      "QUIRE_ERR_MEMBER_CONFLICT",
    );
    expect((await errorOf(users.removeMember(owner.id, orgId, owner.id))).code).toBe(
      "QUIRE_ERR_MEMBER_CONFLICT",
    );

    await users.changeRole(admin.id, orgId, member.id, "admin");
    await users.changeRole(owner.id, orgId, admin.id, "owner");
    await users.changeRole(owner.id, orgId, owner.id, "member");
    expect(
      Object.fromEntries((await users.listMembers(orgId)).map((each) => [each.email, each.role])),
    ).toEqual({
      "owner@example.com": "member",
      "admin@example.com": "owner",
      "member@example.com": "admin",
    });
    await users.removeMember(admin.id, orgId, member.id);
    expect((await users.listMembers(orgId)).map((each) => each.email)).not.toContain(
      "member@example.com",
    );
  });
});

describe("invitations", () => {
  it("makes a new account with the invited role, signs it in, and works only once", async () => {
    const owner = await createUser("owner@example.com", "owner");
    const { invitation, token } = await users.invite(owner.id, orgId, {
      email: "New@Example.com",
      role: "admin",
    });
    expect(invitation).toMatchObject({ email: "new@example.com", role: "admin" });
    expect(
      JSON.stringify(await database.db.selectFrom("invitations").selectAll().execute()),
    ).not.toContain(token);
    expect(await users.openInvitation(token)).toMatchObject({
      orgName: "Acme",
      accountExists: false,
    });
    expect(await users.listInvitations(orgId)).toHaveLength(1);

    const weak = await users
      .acceptInvitation(token, { password: "short", address: ADDRESS })
      .catch((error) => error);
    expect(weak).toBeInstanceOf(FieldError);
    const session = await users.acceptInvitation(token, { password: PASSWORD, address: ADDRESS });
    expect(await users.session(session.token)).toMatchObject({ email: "new@example.com" });
    expect((await users.memberships(session.user.id))[0]?.role).toBe("admin");
    expect((await errorOf(users.openInvitation(token))).code).toBe("QUIRE_ERR_INVITATION_INVALID");
    expect(await users.listInvitations(orgId)).toEqual([]);
  });

  it("asks an existing account for its password, and counts wrong ones like sign-ins", async () => {
    const owner = await createUser("owner@example.com", "owner");
    const other = (await new AdminService(database.db, randomBytes(32)).createOrganization("Beta"))
      .id;
    await createUser("ada@example.com", "owner", other);
    const { token } = await users.invite(owner.id, orgId, {
      email: "ada@example.com",
      role: "member",
    });
    expect((await users.openInvitation(token)).accountExists).toBe(true);
    expect(
      (
        await errorOf(
          users.acceptInvitation(token, { password: "not her password", address: ADDRESS }),
        )
      ).code,
    ).toBe("QUIRE_ERR_SIGN_IN_FAILED");
    const session = await users.acceptInvitation(token, { password: PASSWORD, address: ADDRESS });
    expect((await users.memberships(session.user.id)).map((each) => each.orgName)).toEqual([
      "Beta",
      "Acme",
    ]);
  });

  it("refuses revoked and expired links, owner invitations from admins, and invitations of members", async () => {
    const owner = await createUser("owner@example.com", "owner");
    const admin = await createUser("admin@example.com", "admin");
    const member = await createUser("member@example.com", "member");
    expect(
      (await errorOf(users.invite(admin.id, orgId, { email: "x@example.com", role: "owner" })))
        .code,
    ).toBe("QUIRE_ERR_FORBIDDEN");
    expect(
      (await errorOf(users.invite(member.id, orgId, { email: "x@example.com", role: "member" })))
        .code,
    ).toBe("QUIRE_ERR_FORBIDDEN");
    await expect(
      users.invite(owner.id, orgId, { email: "admin@example.com", role: "member" }),
    ).rejects.toThrow(/already in this organization/);
    const revoked = await users.invite(admin.id, orgId, { email: "x@example.com", role: "member" });
    await users.revokeInvitation(owner.id, orgId, revoked.invitation.id);
    expect((await errorOf(users.openInvitation(revoked.token))).code).toBe(
      "QUIRE_ERR_INVITATION_INVALID",
    );

    vi.useFakeTimers({ toFake: ["Date"] });
    const expired = await users.invite(owner.id, orgId, { email: "y@example.com", role: "member" });
    vi.setSystemTime(Date.now() + 8 * 24 * 3600_000);
    expect((await errorOf(users.openInvitation(expired.token))).code).toBe(
      "QUIRE_ERR_INVITATION_INVALID",
    );
    expect((await errorOf(users.openInvitation("garbage"))).code).toBe(
      "QUIRE_ERR_INVITATION_INVALID",
    );
  });
});
