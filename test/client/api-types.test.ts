import { readFileSync } from "node:fs";
import path from "node:path";
import type { Static } from "@sinclair/typebox";
import { describe, expect, it } from "vitest";
import type * as Api from "../../client/src/api-types.ts";
import type * as Schemas from "../../src/http/schemas.ts";
import { CLIENT_API_TYPES_FILE, clientApiTypesSource } from "../../tools/build/client-api-types.ts";

const REPOSITORY = path.resolve(import.meta.dirname, "../..");

/** `true` when each type accepts exactly the values of the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

// Checked by `npm run typecheck`: the written-out types are the schemas' own.
const sameShapes: [
  Same<Api.AgentJob, Static<typeof Schemas.AgentJobSchema>>,
  Same<Api.AgentJobList, Static<typeof Schemas.AgentJobList>>,
  Same<Api.AgentJobListQuery, Static<typeof Schemas.AgentJobListQuery>>,
  Same<Api.StartExportRequest, Static<typeof Schemas.StartExportBody>>,
  Same<Api.StaticExportJob, Static<typeof Schemas.StaticExportJobSchema>>,
  Same<Api.Bundle, Static<typeof Schemas.BundleSchema>>,
  Same<Api.ErrorBody, Static<typeof Schemas.ErrorBody>>,
] = [true, true, true, true, true, true, true];

describe("the client's API types (client/src/api-types.ts)", () => {
  it("are what the build writes from the server's schemas today: run `npm run build` when this fails", () => {
    const committed = readFileSync(path.join(REPOSITORY, CLIENT_API_TYPES_FILE), "utf8");
    expect(committed).toBe(clientApiTypesSource());
    expect(sameShapes.every(Boolean)).toBe(true);
  });

  it("say each field's meaning and format as the schemas do", () => {
    const source = clientApiTypesSource();
    expect(source).toContain(
      "  /** URL of the pull request created by the agent; null while active or when nothing changed. Format: uri. */\n  prLink: string | null;\n",
    );
    expect(source).toContain('  status?: "active" | "completed" | "archived" | "failed";\n');
    expect(source).toMatch(/^export interface AgentJobList \{\n {2}jobs: AgentJob\[\];$/m);
  });
});
