import { describe, expect, it } from "vitest";
import { repositoryCopyOf } from "../../../src/exporter/openapi/repository-copy.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

describe("the repository's own copy of a specification named by a GitHub URL", () => {
  const repo = new RepoFiles(
    makeRepo({
      "openapi.yaml": "openapi: 3.1.0",
      "api/v2 spec.json": "{}",
      "release/notes.json": "{}",
    }),
  );

  it("finds the file after the branch, however many segments the branch has", () => {
    const raw = "https://raw.githubusercontent.com/acme/docs";
    expect(repositoryCopyOf(`${raw}/refs/heads/main/openapi.yaml`, repo)).toBe("openapi.yaml");
    expect(repositoryCopyOf(`${raw}/main/openapi.yaml`, repo)).toBe("openapi.yaml");
    expect(repositoryCopyOf(`${raw}/release/2.0/api/v2%20spec.json`, repo)).toBe(
      "api/v2 spec.json",
    );
    // The docs are a folder of the GitHub repository: the path inside it is found too.
    expect(repositoryCopyOf(`${raw}/main/docs/api/v2%20spec.json`, repo)).toBe("api/v2 spec.json");
    expect(repositoryCopyOf("https://github.com/acme/docs/raw/main/openapi.yaml", repo)).toBe(
      "openapi.yaml",
    );
    expect(repositoryCopyOf("https://github.com/acme/docs/blob/main/openapi.yaml", repo)).toBe(
      "openapi.yaml",
    );
  });

  it("finds nothing for other hosts, a file the repository lacks, or a branch alone", () => {
    expect(repositoryCopyOf("https://api.acme.example/openapi.yaml", repo)).toBeUndefined();
    expect(
      repositoryCopyOf("https://github.com/acme/docs/tree/main/openapi.yaml", repo),
    ).toBeUndefined();
    expect(
      repositoryCopyOf("https://raw.githubusercontent.com/acme/docs/main/other.yaml", repo),
    ).toBeUndefined();
    // The first segment after the repository is the branch, never the file.
    expect(
      repositoryCopyOf("https://raw.githubusercontent.com/acme/docs/openapi.yaml", repo),
    ).toBeUndefined();
    expect(
      repositoryCopyOf("https://raw.githubusercontent.com/acme/docs/main/../../etc/passwd", repo),
    ).toBeUndefined();
    expect(repositoryCopyOf("not a url", repo)).toBeUndefined();
  });
});
