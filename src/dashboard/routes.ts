import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ConfigError, QuireError } from "../domain/errors.ts";
import { linkBase } from "../http/link-base.ts";
import { loadAssets } from "./assets.ts";
import { type Dashboard, type DashboardServices, sendHtml, viewerFrame } from "./context.ts";
import { checkFormToken, checkOrigin, checkSessionToken, isSafeMethod } from "./csrf.ts";
import { agentJobPages } from "./pages/agent-jobs.ts";
import { authPages } from "./pages/auth.ts";
import { exportPages } from "./pages/exports.ts";
import { projectPages } from "./pages/projects.ts";
import { settingsPages } from "./pages/settings.ts";
import { parseForm } from "./parse-form.ts";
import { DASHBOARD_PREFIX, paths, withQuery } from "./paths.ts";
import { clearCookie, cookieName, isSecure, readCookie } from "./session.ts";
import { errorPage } from "./views/auth.ts";

export interface DashboardOptions {
  services: DashboardServices;
  /** `--public-url`: the origin browsers use when it differs from the request's address. */
  publicUrl: string | undefined;
}

/**
 * What every dashboard response carries. The content security policy allows nothing but this
 * server: the pages load no script, style, font or image from anywhere else, so the dashboard
 * works air-gapped. Pages are never cached (they carry CSRF tokens and, once, new secrets).
 */
const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  // Not no-referrer: with it, browsers send `Origin: null` on form posts, which the CSRF check refuses.
  "Referrer-Policy": "same-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/**
 * The content security policy. A download button's form is answered with a redirect to the
 * bundle link, which names the links' origin (the public URL, else this server's own address):
 * browsers check that redirect against `form-action` too.
 */
function contentSecurityPolicy(linkOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `form-action 'self' ${linkOrigin}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join("; ");
}

function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? "";
  return accept.includes("application/json") && !accept.includes("text/html");
}

/**
 * The web dashboard under `/dashboard`: server-rendered pages over the same services as the
 * admin API, with a small script for copy buttons and live progress. Registered by `buildApp`.
 */
export async function dashboardRoutes(
  app: FastifyInstance,
  options: DashboardOptions,
): Promise<void> {
  const assets = loadAssets(DASHBOARD_PREFIX);
  const dashboard: Dashboard = { services: options.services, assets, publicUrl: options.publicUrl };
  const { users } = options.services;
  const fixedPolicy = options.publicUrl
    ? contentSecurityPolicy(new URL(options.publicUrl).origin)
    : undefined;
  const hidden = { hide: true };

  // Cookies are parsed for the dashboard's requests only; the API reads none.
  await app.register(cookie);
  // Forms arrive URL-encoded; every field is a string (a repeated field keeps its last value,
  // and a field named __proto__ is a field like any other).
  await app.register(formbody, { parser: parseForm });

  app.addHook("onSend", (request, reply, payload, done) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value);
    reply.header(
      "Content-Security-Policy",
      fixedPolicy ?? contentSecurityPolicy(linkBase(request, undefined)),
    );
    if (!reply.hasHeader("cache-control")) reply.header("Cache-Control", "no-store");
    done(null, payload);
  });

  const renderError = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    message: string,
  ) => {
    if (wantsJson(request)) return reply.code(status).send({ error: message });
    const viewer = request.viewer ? viewerFrame(request) : undefined;
    return sendHtml(reply, errorPage({ assets, viewer, status, message }), status);
  };

  app.setErrorHandler((error: FastifyError | QuireError | ConfigError, request, reply) => {
    if (error instanceof QuireError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      reply.header("Quire-Error-Code", error.code);
      if (error.code === "QUIRE_ERR_CSRF")
        request.log.warn(
          { reason: (error.cause as Error | undefined)?.message },
          "dashboard: CSRF check failed",
        );
      return renderError(request, reply, error.status, error.message);
    }
    if (error instanceof ConfigError) return renderError(request, reply, 400, error.message);
    const status = (error as FastifyError).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500)
      return renderError(request, reply, status, (error as FastifyError).message);
    request.log.error({ err: error }, "dashboard request failed");
    return renderError(
      request,
      reply,
      500,
      "Something went wrong on the server. Its log says what.",
    );
  });

  app.setNotFoundHandler((request, reply) =>
    renderError(request, reply, 404, "There is no such page in the dashboard."),
  );

  app.get("/assets/:file", { schema: hidden }, async (request, reply) => {
    const asset = assets.byName.get((request.params as { file: string }).file);
    if (!asset) return renderError(request, reply, 404, "no such file");
    return reply
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .type(asset.type)
      .send(asset.body);
  });

  await app.register(async (pages) => {
    pages.decorateRequest("viewer", null);
    pages.decorateRequest("membership", null);

    // Who is signed in, and for every state-changing request: from a page of ours, with the token.
    pages.addHook("preHandler", async (request, reply) => {
      const secure = isSecure(request, options.publicUrl);
      const name = cookieName("session", secure);
      const token = readCookie(request, name);
      if (token) {
        const session = await users.session(token);
        if (session)
          request.viewer = {
            token,
            session,
            memberships: await users.memberships(session.userId),
          };
        else clearCookie(reply, name, secure);
      }
      if (isSafeMethod(request.method)) return;
      checkOrigin(request, options.publicUrl);
      if (request.routeOptions.config?.dashboardAnonymous)
        checkFormToken(request, options.publicUrl);
      else if (!request.viewer) throw new QuireError("QUIRE_ERR_SESSION_REQUIRED");
      else checkSessionToken(request, request.viewer.session.csrfToken);
    });

    await authPages(pages, dashboard);

    await pages.register(
      async (org) => {
        // Organization pages: signed in, and a member of the organization the address names.
        org.addHook("preHandler", async (request, reply) => {
          const viewer = request.viewer;
          if (!viewer) {
            if (request.method === "GET" && !wantsJson(request))
              return reply.redirect(withQuery(paths.signIn, { next: request.url }), 303);
            throw new QuireError("QUIRE_ERR_SESSION_REQUIRED");
          }
          const { orgId } = request.params as { orgId: string };
          const membership = viewer.memberships.find((each) => each.orgId === orgId);
          if (!membership) throw new QuireError("QUIRE_ERR_ORG_NOT_FOUND");
          request.membership = membership;
        });
        await projectPages(org, dashboard);
        await settingsPages(org, dashboard);
        await agentJobPages(org, dashboard);
        await exportPages(org, dashboard);
      },
      { prefix: "/orgs/:orgId" },
    );
  });
}
