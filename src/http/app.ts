import { randomUUID } from "node:crypto";
import swagger from "@fastify/swagger";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { dashboardRoutes } from "../dashboard/routes.ts";
import { QuireError } from "../domain/errors.ts";
import type { AdminService } from "../services/admin.ts";
import type { AgentJobService } from "../services/agent-jobs.ts";
import type { QuireContext } from "../services/context.ts";
import type { StaticExportService } from "../services/static-export.ts";
import type { UsersService } from "../services/users.ts";
import { LocalFolderStore } from "../storage/local-folder-store.ts";
import { bearerAuthentication } from "./auth.ts";
import { installErrorHandling } from "./errors.ts";
import { createMetrics } from "./metrics.ts";
import { agentRoutes } from "./routes/agent.ts";
import { assistantRoutes } from "./routes/assistant.ts";
import { downloadRoutes } from "./routes/downloads.ts";
import { opsRoutes } from "./routes/ops.ts";
import { staticExportRoutes } from "./routes/static-export.ts";
import {
  AgentJobSchema,
  AssistantAvailabilitySchema,
  BundleSchema,
  ErrorBody,
  StaticExportJobSchema,
} from "./schemas.ts";

/** Largest request body accepted (413 above it: docs/api.md). */
export const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export interface AppServices {
  context: QuireContext;
  admin: AdminService;
  agentJobs: AgentJobService;
  exports: StaticExportService;
  users: UsersService;
}

export interface BuildAppOptions {
  https?: { cert: Buffer; key: Buffer };
}

/** The admin API as a Fastify instance, not yet listening (tests use `inject` or `listen`). */
export async function buildApp(
  services: AppServices,
  options: BuildAppOptions = {},
): Promise<FastifyInstance> {
  const { context } = services;
  // Request ids: random per app, then a counter (unique across processes, cheaper than a UUID each).
  const requestIdPrefix = randomUUID().slice(0, 8);
  let requestCount = 0;
  const serverOptions: FastifyServerOptions = {
    loggerInstance: context.logger,
    // One line per request is written in onResponse below, not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given)
        ? given
        : `${requestIdPrefix}-${(++requestCount).toString(36)}`;
    },
    // Bodies are checked as sent: a number is not a prompt.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false } },
    return503OnClosing: true,
    // `/v2/agent/{projectId}/jobs/` is the same resource as without the slash.
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: "idle",
    // Off unless the operator names the proxies: X-Forwarded-For is then read for request.ip
    // (the sign-in throttle, the logs), X-Forwarded-Proto for request.protocol (cookies).
    ...(context.config.trustProxy ? { trustProxy: [...context.config.trustProxy] } : {}),
  };
  // Fastify's types tell HTTP and HTTPS servers apart; the routes do not care which.
  const app = (options.https
    ? Fastify({ ...serverOptions, https: options.https } as FastifyServerOptions)
    : Fastify(serverOptions)) as unknown as FastifyInstance;

  installErrorHandling(app);
  installBodyParsers(app);
  const metrics = createMetrics(context.database.db, context.queue);
  // The level is fixed at start-up; skip building request log lines nobody will see.
  const logRequests = context.logger.isLevelEnabled("info");

  // Callback-style hooks: they run on every request, and each async hook costs a promise.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("X-Request-Id", request.id);
    done();
  });
  // Only on the TLS listener: over plain HTTP browsers ignore it, and a proxy in front that ends
  // TLS is the one to send it. No includeSubDomains: the domain's other hosts are not Quire's.
  if (options.https)
    app.addHook("onRequest", (_request, reply, done) => {
      reply.header("Strict-Transport-Security", "max-age=31536000");
      done();
    });
  // Once the server is closing, a connection ends with its response: a download that finishes
  // after close() began would otherwise hold the close until the keep-alive timeout (72 s).
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    if (closing) request.raw.socket?.destroySoon();
    const route = request.routeOptions.url ?? "unmatched";
    metrics.observe(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    if (logRequests && route !== "/metrics" && route !== "/healthz" && route !== "/readyz") {
      request.log.info(
        {
          method: request.method,
          client: request.ip,
          path: redactKeys(request.url.split("?")[0] as string),
          route,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
        },
        "request",
      );
    }
    done();
  });

  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Quire admin API",
        version: "2.0.0",
        description:
          'Agent jobs that edit documentation and open pull requests, and static export of a documentation site as one bundle. Every error has the body {"error": message}.',
      },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: "http",
            scheme: "bearer",
            description: "An admin API key: quire_ followed by the secret.",
          },
        },
      },
      security: [{ bearerAuth: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `def-${index}`),
    },
  });
  for (const schema of [
    ErrorBody,
    AgentJobSchema,
    StaticExportJobSchema,
    BundleSchema,
    AssistantAvailabilitySchema,
  ])
    app.addSchema(schema);

  await app.register(opsRoutes, { db: context.database.db, store: context.store, metrics });
  if (context.store instanceof LocalFolderStore)
    await app.register(downloadRoutes, { store: context.store });
  await app.register(dashboardRoutes, {
    prefix: "/dashboard",
    services,
    publicUrl: context.config.publicUrl,
  });
  // Public: readers' pages call it, with no key.
  await app.register(assistantRoutes, { context });
  await app.register(async (api) => {
    api.addHook("onRequest", bearerAuthentication(services.admin));
    await api.register(agentRoutes, { agentJobs: services.agentJobs });
    await api.register(staticExportRoutes, {
      exports: services.exports,
      publicUrl: context.config.publicUrl,
    });
  });
  return app;
}

/**
 * JSON bodies: an empty body reads as no body (for POSTs without one), a malformed one is a
 * 400 naming the problem; any other type with content is 415.
 */
function installBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error)
        return done(
          new QuireError(
            "QUIRE_ERR_REQUEST_MALFORMED_JSON",
            `the request body is not valid JSON: ${error.message}`,
          ),
          undefined,
        );
      done(null, value);
    });
  });
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    done(new QuireError("QUIRE_ERR_REQUEST_UNSUPPORTED_MEDIA_TYPE"), undefined);
  });
}

/** A key pasted into a URL by mistake must not reach the logs. */
function redactKeys(text: string): string {
  return text.replace(/quire_[0-9A-Za-z]{8,}/g, "quire_[redacted]");
}
