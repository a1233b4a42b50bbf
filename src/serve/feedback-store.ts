import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

/** Pages the store keeps counts for; a vote for one more page is refused, so the file stays small. */
export const MAX_FEEDBACK_PAGES = 50_000;

/** The file under the serve data dir that holds the counts. */
const FILE = path.join("feedback", "feedback.sqlite");

/** One page's answers to "Was this page helpful?". */
export interface PageFeedback {
  page: string;
  helpful: number;
  unhelpful: number;
}

/**
 * The answers readers gave, counted per page in an SQLite file of the serve data dir. Only the
 * counts are kept (no address, no time): they are all the command that reads them prints, and
 * a count per page and answer bounds the file by the number of pages.
 */
export class FeedbackStore {
  readonly #database: DatabaseSync;

  private constructor(database: DatabaseSync) {
    this.#database = database;
  }

  /** Opens the store for writing, creating it when absent. */
  static open(dataDir: string): FeedbackStore {
    const file = path.join(dataDir, FILE);
    mkdirSync(path.dirname(file), { recursive: true });
    const database = new DatabaseSync(file);
    database.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 2000;");
    database.exec(
      "CREATE TABLE IF NOT EXISTS page_feedback (page TEXT PRIMARY KEY, helpful INTEGER NOT NULL DEFAULT 0, unhelpful INTEGER NOT NULL DEFAULT 0)",
    );
    return new FeedbackStore(database);
  }

  /** Opens an existing store to read it (a running server may be writing); undefined when there is none. */
  static read(dataDir: string): FeedbackStore | undefined {
    const file = path.join(dataDir, FILE);
    if (!existsSync(file)) return undefined;
    const database = new DatabaseSync(file, { readOnly: true });
    database.exec("PRAGMA busy_timeout = 2000;");
    return new FeedbackStore(database);
  }

  /** Counts one answer; false when the page would be one more than the store keeps. */
  record(page: string, helpful: boolean): boolean {
    const column = helpful ? "helpful" : "unhelpful";
    const updated = this.#database
      .prepare(`UPDATE page_feedback SET ${column} = ${column} + 1 WHERE page = ?`)
      .run(page);
    if (Number(updated.changes) > 0) return true;
    const { pages } = this.#database
      .prepare("SELECT count(*) AS pages FROM page_feedback")
      .get() as {
      pages: number;
    };
    if (pages >= MAX_FEEDBACK_PAGES) return false;
    this.#database
      .prepare(
        `INSERT INTO page_feedback (page, ${column}) VALUES (?, 1) ON CONFLICT (page) DO UPDATE SET ${column} = ${column} + 1`,
      )
      .run(page);
    return true;
  }

  /** Every page's counts, the most unhelpful first (the pages to look at). */
  counts(): PageFeedback[] {
    return this.#database
      .prepare(
        "SELECT page, helpful, unhelpful FROM page_feedback ORDER BY unhelpful DESC, helpful DESC, page",
      )
      .all() as unknown as PageFeedback[];
  }

  close(): void {
    this.#database.close();
  }
}
