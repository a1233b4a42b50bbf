import { describe, expect, it } from "vitest";
import { projectRepositoryLink } from "../../src/jobs/repository-link.ts";

describe("the repository an export job's edit links name", () => {
  it("is the project's web address with its branch, forge and docs folder, without credentials", () => {
    expect(
      projectRepositoryLink(
        {
          repository: "https://bot:secret@gitlab.example.com/acme/docs.git",
          ref: "main",
          forge: "gitlab",
        },
        { root: "/tmp/source-1", docsDir: "/tmp/source-1/docs" },
      ),
    ).toEqual({
      repository: {
        url: "https://gitlab.example.com/acme/docs.git",
        ref: "main",
        forge: "gitlab",
        folder: "docs",
      },
    });
  });

  it("is nothing for a repository readers cannot open: an SSH address or a folder on the server", () => {
    const checkout = { root: "/srv/docs", docsDir: "/srv/docs" };
    expect(
      projectRepositoryLink(
        { repository: "git@github.com:acme/docs.git", ref: null, forge: null },
        checkout,
      ),
    ).toEqual({});
    expect(
      projectRepositoryLink({ repository: "/srv/docs", ref: null, forge: null }, checkout),
    ).toEqual({});
  });
});
