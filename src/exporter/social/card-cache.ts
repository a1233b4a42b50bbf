import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { markUsed } from "../../files/size-capped-folder.ts";
import type { Problem } from "../problems.ts";

/** A drawn card and the warnings drawing it gave, as a re-export must report them again. */
export interface CachedCard {
  png: Uint8Array;
  problems: Problem[];
}

/**
 * Drawn cards in the export cache (`<cache>/social/`), keyed by everything the card shows: a
 * re-export of an unchanged site loads no renderer at all.
 */
export class CardCache {
  private readonly directory: string;

  constructor(cacheDir: string) {
    this.directory = path.join(cacheDir, "social");
  }

  static key(parts: (string | Uint8Array)[]): string {
    const hash = createHash("sha256");
    for (const part of parts) hash.update(part).update("\0");
    return hash.digest("hex");
  }

  read(key: string): CachedCard | undefined {
    try {
      const entry = JSON.parse(readFileSync(this.pathOf(key), "utf8")) as {
        png: string;
        problems: Problem[];
      };
      markUsed(this.pathOf(key));
      return { png: Buffer.from(entry.png, "base64"), problems: entry.problems };
    } catch {
      return undefined;
    }
  }

  write(key: string, card: CachedCard): void {
    const target = this.pathOf(key);
    mkdirSync(this.directory, { recursive: true });
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    const png = Buffer.from(card.png).toString("base64");
    writeFileSync(temporary, JSON.stringify({ png, problems: card.problems }));
    renameSync(temporary, target);
  }

  private pathOf(key: string): string {
    return path.join(this.directory, `${key}.json`);
  }
}
