import type { FastifyReply, FastifyRequest } from "fastify";
import type { Membership } from "../domain/user.ts";
import type { ActiveSession, NewSession } from "../services/users.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in dashboard user (null: none, or not a dashboard request). */
    viewer: Viewer | null;
    /** Their membership of the organization the address names (org pages only). */
    membership: Membership | null;
  }
  interface FastifyContextConfig {
    /** A dashboard form sent before signing in: its CSRF token is the pre-session cookie's. */
    dashboardAnonymous?: boolean;
  }
}

export interface Viewer {
  /** The cookie's value (only its hash is stored). */
  token: string;
  session: ActiveSession;
  /** Every organization the user is in, with their role. */
  memberships: Membership[];
}

/**
 * Cookies are Secure when the browser talks HTTPS to us: the request came over TLS, or the
 * configured public URL is https (TLS ended by a proxy in front). Secure cookies get the
 * `__Host-` prefix, which also pins them to this host and path `/`.
 */
export function isSecure(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === "https" || publicUrl?.startsWith("https:") === true;
}

export type CookieKind = "session" | "form";

export function cookieName(kind: CookieKind, secure: boolean): string {
  return secure ? `__Host-quire_${kind}` : `quire_${kind}`;
}

/** One cookie's value, as @fastify/cookie parsed the Cookie header (the first, if a name repeats). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  return request.cookies[name];
}

/**
 * Sets an HttpOnly, SameSite=Lax cookie for the whole host (Secure over HTTPS). One
 * Set-Cookie per name: @fastify/cookie keeps the last value set for a name and path, so the
 * clearing of a stale session followed by a new one at sign-in sends the new one only.
 */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: { secure: boolean; maxAgeSeconds?: number },
): void {
  reply.setCookie(name, value, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
    maxAge: options.maxAgeSeconds,
  });
}

export function clearCookie(reply: FastifyReply, name: string, secure: boolean): void {
  setCookie(reply, name, "", { secure, maxAgeSeconds: 0 });
}

/** Gives the browser a new session: always a new value, never one the browser brought. */
export function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  session: NewSession,
  publicUrl: string | undefined,
): void {
  const secure = isSecure(request, publicUrl);
  const maxAgeSeconds = Math.floor((Date.parse(session.expiresAt) - Date.now()) / 1000);
  setCookie(reply, cookieName("session", secure), session.token, { secure, maxAgeSeconds });
  clearCookie(reply, cookieName("form", secure), secure);
}
