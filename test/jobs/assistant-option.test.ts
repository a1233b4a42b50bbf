import { describe, expect, it } from "vitest";
import { assistantOption } from "../../src/jobs/assistant-option.ts";

/** Where an export job's pages send readers' questions, by the project's deployment. */
describe("the assistant an export job gives its pages", () => {
  const cloud = { id: "proj_abc", deployment: "cloud" as const, assistantOn: true };

  it("is the admin API's route for a cloud project, at the operator's public URL", () => {
    expect(assistantOption(cloud, "https://api.example.com")).toEqual({
      assistant: "https://api.example.com/v1/assistant/proj_abc",
    });
  });

  it("is quire serve beside the pages, with a warning naming --public-url, when the public URL is not set", () => {
    const { assistant, warning } = assistantOption(cloud, undefined);
    expect(assistant).toBe("same-origin");
    expect(warning).toMatchObject({ severity: "warning", rule: "assistant-public-url" });
    expect(warning?.message).toMatch(/--public-url, QUIRE_PUBLIC_URL/);
  });

  it("stays quire serve beside the pages for client-hosted and air-gapped projects", () => {
    for (const deployment of ["client-hosted", "air-gapped"] as const)
      expect(assistantOption({ ...cloud, deployment }, "https://api.example.com")).toEqual({
        assistant: "same-origin",
      });
  });

  it("is none when the project's assistant is off", () => {
    expect(assistantOption({ ...cloud, assistantOn: false }, "https://api.example.com")).toEqual(
      {},
    );
  });
});
