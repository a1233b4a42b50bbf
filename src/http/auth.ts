import type { FastifyRequest } from "fastify";
import { QuireError } from "../domain/errors.ts";
import type { AdminService, Principal } from "../services/admin.ts";

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal;
  }
}

const CHALLENGE = { "WWW-Authenticate": 'Bearer realm="quire"' };

/**
 * Reads `Authorization: Bearer quire_...` and sets the request's principal, or answers 401
 * with a `WWW-Authenticate` challenge. Runs before the body is read.
 */
export function bearerAuthentication(admin: AdminService) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (!header) throw new QuireError("QUIRE_ERR_AUTH_MISSING", undefined, { headers: CHALLENGE });
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
    if (!match) {
      throw new QuireError(
        "QUIRE_ERR_AUTH_INVALID",
        "malformed Authorization header: expected Bearer quire_<secret>",
        { headers: { "WWW-Authenticate": 'Bearer realm="quire", error="invalid_request"' } },
      );
    }
    const principal = await admin.authenticate(match[1] as string);
    if (!principal)
      throw new QuireError("QUIRE_ERR_AUTH_INVALID", undefined, {
        headers: { "WWW-Authenticate": 'Bearer realm="quire", error="invalid_token"' },
      });
    request.principal = principal;
  };
}
