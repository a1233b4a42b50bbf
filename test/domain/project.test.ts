import { describe, expect, it } from "vitest";
import { COMPONENT_MODES } from "../../src/domain/project.ts";
import { COMPONENT_MODES as EXPORTER_COMPONENT_MODES } from "../../src/exporter/export-options.ts";

describe("a project's component mode", () => {
  it("is one of the modes the exporter takes, all of them, in the same order", () => {
    expect([...COMPONENT_MODES]).toEqual([...EXPORTER_COMPONENT_MODES]);
  });
});
