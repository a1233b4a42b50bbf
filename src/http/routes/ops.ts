import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { ObjectStore } from "../../storage/object-store.ts";
import type { Metrics } from "../metrics.ts";

/** `/healthz` (the process answers), `/readyz` (database and storage usable), `/metrics`, `/openapi.json`. */
export async function opsRoutes(
  app: FastifyInstance,
  options: { db: Db; store: ObjectStore; metrics: Metrics },
): Promise<void> {
  const hidden = { hide: true, security: [] };
  app.get("/healthz", { schema: { ...hidden, summary: "Liveness" } }, async () => ({
    status: "ok",
  }));

  app.get("/readyz", { schema: { ...hidden, summary: "Readiness" } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(options.db);
      await options.store.check();
      return { status: "ready" };
    } catch (error) {
      request.log.warn({ err: error }, "not ready");
      return reply
        .code(503)
        .send({ error: `not ready: ${error instanceof Error ? error.message : String(error)}` });
    }
  });

  app.get(
    "/metrics",
    { schema: { ...hidden, summary: "Prometheus metrics" } },
    async (_request, reply) => {
      reply.header("Content-Type", options.metrics.registry.contentType);
      return options.metrics.render();
    },
  );

  app.get("/openapi.json", { schema: { ...hidden, summary: "OpenAPI document" } }, async () =>
    app.swagger(),
  );
}
