import { randomUUID } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import type { Db } from "../../db/database.ts";
import type { ErrorCode } from "../../domain/errors.ts";
import { LocalFolderStore } from "../../storage/local-folder-store.ts";
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
    // Each part is named in the answer; the cause (paths, driver messages) only in the log.
    for (const [part, check] of [
      ["the database", () => sql`select 1`.execute(options.db)],
      ["the object storage", () => checkStore(options.store)],
    ] as const) {
      try {
        await check();
      } catch (error) {
        request.log.warn({ err: error, part }, "not ready");
        return reply
          .code(503)
          .header("Quire-Error-Code", "QUIRE_ERR_UNAVAILABLE" satisfies ErrorCode)
          .send({ error: `not ready: ${part} cannot be used` });
      }
    }
    return { status: "ready" };
  });

  app.get(
    "/metrics",
    { schema: { ...hidden, summary: "Prometheus metrics" } },
    async (request, reply) => {
      reply.header("Content-Type", options.metrics.registry.contentType);
      return options.metrics.render((error) =>
        request.log.warn({ err: error }, "metrics: cannot read the job figures"),
      );
    },
  );

  app.get("/openapi.json", { schema: { ...hidden, summary: "OpenAPI document" } }, async () =>
    app.swagger(),
  );
}

/**
 * The store's own check, and for the local folder a real write: a permission check alone
 * passes for root even where nothing can be written (the folder replaced by a file, a
 * read-only mount seen through a bind).
 */
async function checkStore(store: ObjectStore): Promise<void> {
  await store.check();
  if (!(store instanceof LocalFolderStore)) return;
  const probe = path.join(store.root, `.readyz-${process.pid}-${randomUUID()}`);
  try {
    await writeFile(probe, "");
  } finally {
    await rm(probe, { force: true });
  }
}
