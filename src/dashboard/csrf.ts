import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { isObject } from "../common/is-object.ts";
import { QuireError } from "../domain/errors.ts";
import { sameSecret } from "../services/users.ts";
import { cookieName, isSecure, readCookie, setCookie } from "./session.ts";

/** The methods that change nothing; every other method is checked. */
export function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

function refuse(reason: string): QuireError {
  return new QuireError("QUIRE_ERR_CSRF", undefined, { cause: new Error(reason) });
}

/**
 * A state-changing request must come from a page of this server: browsers name the page's
 * origin in `Origin` (and say `Sec-Fetch-Site`); another site's, or `null`, is refused. The
 * origin may be the address the request came to, or the configured public URL's.
 */
export function checkOrigin(request: FastifyRequest, publicUrl: string | undefined): void {
  const site = request.headers["sec-fetch-site"];
  if (site === "cross-site" || site === "same-site") throw refuse(`Sec-Fetch-Site: ${site}`);
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw refuse(`Origin: ${origin}`);
  }
  const allowed = new Set([request.host]);
  if (publicUrl) allowed.add(new URL(publicUrl).host);
  if (!allowed.has(host)) throw refuse(`Origin: ${origin}`);
}

/** The token a form field `_csrf` or the header `X-CSRF-Token` carries. */
function submittedToken(request: FastifyRequest): string | undefined {
  const header = request.headers["x-csrf-token"];
  if (typeof header === "string") return header;
  const field = isObject(request.body) ? request.body._csrf : undefined;
  return typeof field === "string" ? field : undefined;
}

/** The synchronizer token of a signed-in session, compared in constant time. */
export function checkSessionToken(request: FastifyRequest, expected: string): void {
  const given = submittedToken(request);
  if (!given || !sameSecret(given, expected)) throw refuse("wrong or missing CSRF token");
}

/**
 * Forms shown before signing in (sign-in, invitation) have no session yet: their token is a
 * random value also kept in an HttpOnly cookie, which another site can neither read nor set.
 */
export function checkFormToken(request: FastifyRequest, publicUrl: string | undefined): void {
  const expected = readCookie(request, cookieName("form", isSecure(request, publicUrl)));
  const given = submittedToken(request);
  if (!expected || !given || !sameSecret(given, expected))
    throw refuse("wrong or missing pre-session CSRF token");
}

/** The pre-session token for a form, made (and set as a cookie) when the browser has none. */
export function formToken(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | undefined,
): string {
  const secure = isSecure(request, publicUrl);
  const name = cookieName("form", secure);
  const current = readCookie(request, name);
  if (current && /^[A-Za-z0-9_-]{43}$/.test(current)) return current;
  const token = randomBytes(32).toString("base64url");
  setCookie(reply, name, token, { secure });
  return token;
}
