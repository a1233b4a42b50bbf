import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { changeTokenOf } from "../../src/db/database.ts";
import { createTenant, startApi, type TestApi, waitFor } from "../helpers/api-server.ts";

/**
 * A write by another process to the same installation, as `quire keys revoke` or a separate
 * worker makes it: to the data dir's SQLite file, or to the PostgreSQL database (the
 * `postgres` test project). `sqlText` uses `?` placeholders.
 */
async function writeFromElsewhere(api: TestApi, sqlText: string, values: string[]): Promise<void> {
  const url = api.cliEnv.QUIRE_DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    let index = 0;
    await client.query(
      sqlText.replace(/\?/g, () => `$${++index}`),
      values,
    );
    await client.end();
    return;
  }
  const connection = new DatabaseSync(path.join(api.dataDir, "quire.db"));
  connection.exec("PRAGMA busy_timeout = 5000");
  connection.prepare(sqlText).run(...values);
  connection.close();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the cached lookups of every request", () => {
  it("refuse a key within 50 ms of another process revoking it, while requests keep coming", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    // The lookups are cached at all: the database tells this process when it may have changed.
    const { db } = api.services.context.database;
    await waitFor(async () => changeTokenOf(db) !== undefined, 5000);
    const path = `/v2/agent/${tenant.projectId}/jobs`;
    for (let index = 0; index < 20; index++)
      expect((await api.request("GET", path, { key: tenant.key })).status).toBe(200);
    await writeFromElsewhere(api, "update api_keys set revoked_at = ? where org_id = ?", [
      new Date().toISOString(),
      tenant.orgId,
    ]);
    await pause(60);
    const response = await api.request("GET", path, { key: tenant.key });
    expect(response.status).toBe(401);
  });

  it("show a job's new state written by another process at the next poll after 50 ms", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const { job } = await api.services.agentJobs.create(tenant.orgId, tenant.projectId, "x");
    const poll = async () =>
      (
        await api.request("GET", `/v2/agent/${tenant.projectId}/job/${job.id}`, { key: tenant.key })
      ).json();
    expect((await poll()).status).toBe("active");
    expect((await poll()).status).toBe("active");
    await writeFromElsewhere(
      api,
      "update agent_jobs set status = 'failed', error = 'from elsewhere' where id = ?",
      [job.id],
    );
    await pause(60);
    expect(await poll()).toMatchObject({ status: "failed", error: "from elsewhere" });
  });

  it("show this process's own changes at once", async () => {
    const api = await startApi({ workers: false });
    const tenant = await createTenant(api);
    const { job } = await api.services.agentJobs.create(tenant.orgId, tenant.projectId, "x");
    const poll = async () =>
      (
        await api.request("GET", `/v2/agent/${tenant.projectId}/job/${job.id}`, { key: tenant.key })
      ).json();
    expect((await poll()).status).toBe("active");
    await api.request("POST", `/v2/agent/${tenant.projectId}/job/${job.id}/archive`, {
      key: tenant.key,
    });
    expect((await poll()).status).toBe("archived");
    await api.services.context.database.db
      .updateTable("agent_jobs")
      .set({ summary: "written directly" })
      .where("id", "=", job.id)
      .execute();
    expect((await poll()).summary).toBe("written directly");
    const [key] = await api.services.admin.listApiKeys(tenant.orgId);
    await api.services.admin.revokeApiKey(key?.id as string);
    expect(
      (await api.request("GET", `/v2/agent/${tenant.projectId}/job/${job.id}`, { key: tenant.key }))
        .status,
    ).toBe(401);
  });
});
