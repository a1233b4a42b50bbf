import { hash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "../db/database.ts";
import { lockForTransaction } from "../db/dialect.ts";
import { findOrganization } from "../db/organizations.ts";
import {
  clearSignInAttempts,
  closeInvitation,
  countOwners,
  countSignInAttempts,
  countUserSessions,
  deleteExpiredSessions,
  deleteMembership,
  deleteSession,
  deleteUserSessions,
  findInvitation,
  findMembership,
  findOpenInvitationByHash,
  findSession,
  findUser,
  findUserByEmail,
  insertInvitation,
  insertMembership,
  insertSession,
  insertSignInAttempt,
  insertUser,
  listMembers,
  listMemberships,
  listOpenInvitations,
  listUsers,
  setMembershipRole,
  setPasswordHash,
  toInvitation,
  touchSession,
} from "../db/users.ts";
import { FieldError, QuireError } from "../domain/errors.ts";
import { newId, randomString } from "../domain/ids.ts";
import {
  decoyHash,
  hashPassword,
  needsRehash,
  passwordProblem,
  verifyPassword,
} from "../domain/password.ts";
import {
  SIGN_IN_WINDOW_MS,
  signInWait,
  throttleAddress,
  throttleMessage,
} from "../domain/sign-in-throttle.ts";
import {
  canGrant,
  canManage,
  INVITATION_LIFETIME_MS,
  type Invitation,
  type Member,
  type Membership,
  normalizeEmail,
  ROLES,
  type Role,
  SESSION_IDLE_MS,
  SESSION_LIFETIME_MS,
  type User,
} from "../domain/user.ts";

/** A new session: the cookie's value (shown to the browser once, stored only hashed) and its CSRF token. */
export interface NewSession {
  token: string;
  csrfToken: string;
  user: User;
  expiresAt: string;
}

/** The session a request's cookie names. */
export interface ActiveSession {
  idHash: string;
  userId: string;
  email: string;
  csrfToken: string;
  createdAt: string;
  expiresAt: string;
}

/** How often a session's "last seen" time is written: not on every request. */
const TOUCH_PRECISION_MS = 60_000;

function tokenHash(token: string): string {
  return hash("sha256", token, "hex");
}

function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Two secrets compared in constant time (different lengths are simply unequal). */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

function checkEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (!normalized)
    throw new FieldError(
      "email",
      `--email must be an email address, not "${email}"`,
      "must be an email address",
    );
  return normalized;
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new FieldError("password", problem, problem);
}

function checkRole(role: string): Role {
  if ((ROLES as readonly string[]).includes(role)) return role as Role;
  throw new FieldError(
    "role",
    `--role must be one of ${ROLES.join(", ")}, not "${role}"`,
    `must be one of ${ROLES.join(", ")}`,
  );
}

/**
 * Dashboard users and the rules about them: accounts and passwords, memberships and roles,
 * invitations, sessions and sign-in throttling. `quire users` and the dashboard call it.
 */
export class UsersService {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * A user with a membership of `orgId`. When the email already has an account, that account
   * joins the organization and keeps its password (`password` is not needed then).
   */
  async createUser(input: {
    email: string;
    orgId: string;
    role: string;
    password?: () => Promise<string>;
  }): Promise<{ user: User; role: Role; created: boolean }> {
    const email = checkEmail(input.email);
    const role = checkRole(input.role);
    if (!(await findOrganization(this.#db, input.orgId)))
      throw new FieldError(
        "org",
        `--org: no organization "${input.orgId}" (quire orgs list shows them)`,
        "no such organization",
      );
    const existing = await findUserByEmail(this.#db, email);
    let passwordHash: string | undefined;
    if (!existing) {
      if (!input.password) throw new FieldError("password", "a password is required", "required");
      const password = await input.password();
      checkPassword(password);
      passwordHash = await hashPassword(password);
    }
    return this.#db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      const found = await findUserByEmail(trx, email);
      const user = found
        ? { id: found.id, email: found.email, createdAt: found.created_at }
        : await insertUser(trx, {
            id: newId("user"),
            email,
            password_hash: passwordHash as string,
            created_at: now,
            updated_at: now,
          });
      const membership = await findMembership(trx, user.id, input.orgId);
      if (membership)
        throw new FieldError(
          "email",
          `${email} is already ${membership.role === "admin" || membership.role === "owner" ? "an" : "a"} ${membership.role} of this organization`,
          `is already ${membership.role === "member" ? "a" : "an"} ${membership.role} of this organization`,
        );
      await insertMembership(trx, { user_id: user.id, org_id: input.orgId, role, created_at: now });
      return { user, role, created: !found };
    });
  }

  listUsers(orgId?: string) {
    return listUsers(this.#db, orgId);
  }

  // --- signing in -----------------------------------------------------------------------------

  /**
   * Checks an email and password and opens a new session. Attempts are counted before the
   * password is checked (so parallel guesses count too), per account whatever the address and
   * per client address whatever the account; past either budget the attempt is refused with
   * the time to wait (`sign-in-throttle.ts`). A success forgets only the attempts of its own
   * account from its own address.
   */
  async signIn(input: { email: string; password: string; address: string }): Promise<NewSession> {
    return this.#openSession(await this.#checkCredentials(input));
  }

  async #checkCredentials(input: {
    email: string;
    password: string;
    address: string;
  }): Promise<User> {
    const account = normalizeEmail(input.email) ?? input.email.trim().toLowerCase().slice(0, 254);
    const address = throttleAddress(input.address);
    const now = new Date();
    await this.#db.transaction().execute(async (trx) => {
      // One lock for every sign-in: both counts and the insert must not interleave with another
      // attempt on the same account or from the same address, and the transaction is short (the
      // password is checked after it).
      await lockForTransaction(trx, "sign-in-attempts");
      const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();
      const wait = signInWait(
        {
          account: await countSignInAttempts(trx, "account", account, since),
          address: await countSignInAttempts(trx, "address", address, since),
        },
        now.getTime(),
      );
      if (wait)
        throw new QuireError("QUIRE_ERR_SIGN_IN_THROTTLED", throttleMessage(wait), {
          headers: { "Retry-After": String(Math.ceil(wait.waitMs / 1000)) },
        });
      await insertSignInAttempt(trx, {
        id: `sia_${randomString(20).toLowerCase()}`,
        account,
        address,
        created_at: now.toISOString(),
      });
    });
    const row = normalizeEmail(input.email) ? await findUserByEmail(this.#db, account) : undefined;
    // An unknown account costs the same hashing as a wrong password.
    const matches = await verifyPassword(input.password, row?.password_hash ?? (await decoyHash()));
    if (!row || !matches) throw new QuireError("QUIRE_ERR_SIGN_IN_FAILED");
    const stale = new Date(now.getTime() - SIGN_IN_WINDOW_MS).toISOString();
    await clearSignInAttempts(this.#db, account, address, stale);
    if (needsRehash(row.password_hash))
      await setPasswordHash(
        this.#db,
        row.id,
        await hashPassword(input.password),
        now.toISOString(),
      );
    return { id: row.id, email: row.email, createdAt: row.created_at };
  }

  async #openSession(user: User): Promise<NewSession> {
    const token = newToken();
    const now = Date.now();
    const stamp = new Date(now).toISOString();
    const expiresAt = new Date(now + SESSION_LIFETIME_MS).toISOString();
    const csrfToken = newToken();
    await deleteExpiredSessions(this.#db, stamp);
    await insertSession(this.#db, {
      id_hash: tokenHash(token),
      user_id: user.id,
      csrf_token: csrfToken,
      created_at: stamp,
      last_seen_at: stamp,
      expires_at: expiresAt,
    });
    return { token, csrfToken, user, expiresAt };
  }

  /** The live session a cookie's value names, or undefined (unknown, idle too long, or past its end). */
  async session(token: string): Promise<ActiveSession | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const idHash = tokenHash(token);
    const row = await findSession(this.#db, idHash);
    if (!row) return undefined;
    const now = Date.now();
    if (
      Date.parse(row.expires_at) <= now ||
      Date.parse(row.last_seen_at) + SESSION_IDLE_MS <= now
    ) {
      await deleteSession(this.#db, idHash);
      return undefined;
    }
    if (now - Date.parse(row.last_seen_at) >= TOUCH_PRECISION_MS)
      await touchSession(this.#db, idHash, new Date(now).toISOString());
    return {
      idHash,
      userId: row.user_id,
      email: row.email,
      csrfToken: row.csrf_token,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
    };
  }

  /** Ends the session a cookie's value names (nothing happens for an unknown value). */
  async signOut(token: string): Promise<void> {
    await deleteSession(this.#db, tokenHash(token));
  }

  /** Ends every session of the user, in every browser; returns how many there were. */
  signOutEverywhere(userId: string): Promise<number> {
    return deleteUserSessions(this.#db, userId);
  }

  sessionCount(userId: string): Promise<number> {
    return countUserSessions(this.#db, userId, new Date().toISOString());
  }

  // --- organizations and roles ------------------------------------------------------------------

  memberships(userId: string): Promise<Membership[]> {
    return listMemberships(this.#db, userId);
  }

  /** The user's membership of the organization; an organization they are not in is not found. */
  async membership(userId: string, orgId: string): Promise<Membership> {
    const membership = await findMembership(this.#db, userId, orgId);
    if (!membership) throw new QuireError("QUIRE_ERR_ORG_NOT_FOUND");
    return membership;
  }

  /** The membership of an owner or admin: managing keys, members and projects needs one. */
  async requireManager(userId: string, orgId: string): Promise<Membership> {
    const membership = await this.membership(userId, orgId);
    if (!canManage(membership.role)) throw new QuireError("QUIRE_ERR_FORBIDDEN");
    return membership;
  }

  listMembers(orgId: string): Promise<Member[]> {
    return listMembers(this.#db, orgId);
  }

  /** Gives a member another role. Only owners give or take the owner role; the last owner stays. */
  async changeRole(actorId: string, orgId: string, userId: string, role: string): Promise<void> {
    const wanted = checkRole(role);
    await this.#db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, `members:${orgId}`);
      const actor = await findMembership(trx, actorId, orgId);
      if (!actor) throw new QuireError("QUIRE_ERR_ORG_NOT_FOUND");
      const target = await findMembership(trx, userId, orgId);
      if (!target) throw new QuireError("QUIRE_ERR_MEMBER_NOT_FOUND");
      if (
        !canManage(actor.role) ||
        !canGrant(actor.role, wanted) ||
        !canGrant(actor.role, target.role)
      )
        throw new QuireError(
          "QUIRE_ERR_FORBIDDEN",
          canManage(actor.role) ? "only an owner gives or takes the owner role" : undefined,
        );
      if (target.role === "owner" && wanted !== "owner" && (await countOwners(trx, orgId)) <= 1)
        throw new QuireError(
          "QUIRE_ERR_MEMBER_CONFLICT",
          "this is the organization's only owner: make another member owner first",
        );
      await setMembershipRole(trx, userId, orgId, wanted);
    });
  }

  /** Removes a member from the organization (their account stays, with its other organizations). */
  async removeMember(actorId: string, orgId: string, userId: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await lockForTransaction(trx, `members:${orgId}`);
      const actor = await findMembership(trx, actorId, orgId);
      if (!actor) throw new QuireError("QUIRE_ERR_ORG_NOT_FOUND");
      const target = await findMembership(trx, userId, orgId);
      if (!target) throw new QuireError("QUIRE_ERR_MEMBER_NOT_FOUND");
      if (!canManage(actor.role) || !canGrant(actor.role, target.role))
        throw new QuireError(
          "QUIRE_ERR_FORBIDDEN",
          canManage(actor.role) ? "only an owner removes an owner" : undefined,
        );
      if (target.role === "owner" && (await countOwners(trx, orgId)) <= 1)
        throw new QuireError(
          "QUIRE_ERR_MEMBER_CONFLICT",
          "this is the organization's only owner: make another member owner first",
        );
      await deleteMembership(trx, userId, orgId);
    });
  }

  // --- invitations ------------------------------------------------------------------------------

  /** An invitation link for an email address; the token is in the result and nowhere else. */
  async invite(
    actorId: string,
    orgId: string,
    input: { email: string; role: string },
  ): Promise<{ invitation: Invitation; token: string }> {
    const actor = await this.requireManager(actorId, orgId);
    const email = checkEmail(input.email);
    const role = checkRole(input.role);
    if (!canGrant(actor.role, role))
      throw new QuireError("QUIRE_ERR_FORBIDDEN", "only an owner invites an owner");
    const existing = await findUserByEmail(this.#db, email);
    if (existing && (await findMembership(this.#db, existing.id, orgId)))
      throw new FieldError(
        "email",
        `${email} is already in this organization`,
        "is already in this organization",
      );
    const token = newToken();
    const now = Date.now();
    const invitation = await insertInvitation(this.#db, {
      id: newId("inv"),
      org_id: orgId,
      email,
      role,
      token_hash: tokenHash(token),
      invited_by: actorId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + INVITATION_LIFETIME_MS).toISOString(),
      accepted_at: null,
      revoked_at: null,
    });
    return { invitation, token };
  }

  listInvitations(orgId: string): Promise<Invitation[]> {
    return listOpenInvitations(this.#db, orgId, new Date().toISOString());
  }

  async revokeInvitation(actorId: string, orgId: string, invitationId: string): Promise<void> {
    await this.requireManager(actorId, orgId);
    const row = await findInvitation(this.#db, orgId, invitationId);
    if (!row) throw new QuireError("QUIRE_ERR_INVITATION_INVALID");
    await closeInvitation(this.#db, invitationId, { revoked_at: new Date().toISOString() });
  }

  /** What an invitation link offers: the organization, the role, and whether the email has an account. */
  async openInvitation(
    token: string,
  ): Promise<{ invitation: Invitation; orgName: string; accountExists: boolean }> {
    const row = /^[A-Za-z0-9_-]{43}$/.test(token)
      ? await findOpenInvitationByHash(this.#db, tokenHash(token), new Date().toISOString())
      : undefined;
    if (!row) throw new QuireError("QUIRE_ERR_INVITATION_INVALID");
    const organization = await findOrganization(this.#db, row.org_id);
    if (!organization) throw new QuireError("QUIRE_ERR_INVITATION_INVALID");
    return {
      invitation: toInvitation(row),
      orgName: organization.name,
      accountExists: (await findUserByEmail(this.#db, row.email)) !== undefined,
    };
  }

  /**
   * Accepts an invitation and signs in. A new account gets `password` as its password; an
   * existing one must give its password (counted like any sign-in).
   */
  async acceptInvitation(
    token: string,
    input: { password: string; address: string },
  ): Promise<NewSession> {
    const { invitation, accountExists } = await this.openInvitation(token);
    let user: User;
    let passwordHash: string | undefined;
    if (accountExists) {
      user = await this.#checkCredentials({
        email: invitation.email,
        password: input.password,
        address: input.address,
      });
    } else {
      checkPassword(input.password);
      passwordHash = await hashPassword(input.password);
      user = { id: newId("user"), email: invitation.email, createdAt: new Date().toISOString() };
    }
    await this.#db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      if (!(await closeInvitation(trx, invitation.id, { accepted_at: now })))
        throw new QuireError("QUIRE_ERR_INVITATION_INVALID");
      if (passwordHash) {
        if (await findUserByEmail(trx, invitation.email))
          throw new QuireError(
            "QUIRE_ERR_INVITATION_INVALID",
            "an account for this email was made meanwhile: open the invitation again and sign in",
          );
        await insertUser(trx, {
          id: user.id,
          email: invitation.email,
          password_hash: passwordHash,
          created_at: user.createdAt,
          updated_at: now,
        });
      }
      if (!(await findMembership(trx, user.id, invitation.orgId)))
        await insertMembership(trx, {
          user_id: user.id,
          org_id: invitation.orgId,
          role: invitation.role,
          created_at: now,
        });
    });
    return this.#openSession(user);
  }

  async user(userId: string): Promise<User | undefined> {
    return findUser(this.#db, userId);
  }
}
