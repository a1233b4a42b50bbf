import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VersionStore } from "../../src/serve/versions.ts";
import { makeTempDir } from "../helpers/temp-repo.ts";

function unpacked(store: VersionStore, id: string): void {
  const directory = store.directoryOf(id);
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, "quire-export.json"), "{}");
}

describe("the versions of a served site", () => {
  it("has no active version at first, then the one activated", () => {
    const store = new VersionStore(makeTempDir());
    expect(store.active()).toBeNull();
    unpacked(store, "v1");
    store.activate("v1", 3);
    expect(store.active()?.id).toBe("v1");
  });

  it("keeps the newest versions and removes the rest, but never a staging folder", () => {
    const dataDir = makeTempDir();
    const store = new VersionStore(dataDir);
    mkdirSync(path.join(store.root, "v9.partial-123-abc"));
    for (const id of ["v1", "v2", "v3", "v4"]) {
      unpacked(store, id);
      store.activate(id, 2);
    }
    expect(store.list()).toEqual(["v4", "v3"]);
    expect(readdirSync(store.root).sort()).toEqual(["v3", "v4", "v9.partial-123-abc"]);
  });

  it("rolls back to the version before, and says when there is none", () => {
    const store = new VersionStore(makeTempDir());
    unpacked(store, "v1");
    store.activate("v1", 3);
    expect(store.rollback()).toBeNull();
    unpacked(store, "v2");
    store.activate("v2", 3);
    expect(store.rollback()).toBe("v1");
    expect(store.active()?.id).toBe("v1");
    expect(store.list()).toEqual(["v1"]);
  });

  it("refuses to activate a version that is not unpacked, and survives a damaged state file", () => {
    const dataDir = makeTempDir();
    const store = new VersionStore(dataDir);
    expect(() => store.activate("nope", 3)).toThrow(/not unpacked/);
    writeFileSync(path.join(dataDir, "active.json"), "{garbage");
    expect(store.active()).toBeNull();
  });
});
