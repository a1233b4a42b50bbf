import vm from "node:vm";
import { CodedError } from "../../domain/errors.ts";

export interface LineMatch {
  /** Index of the text in the batch searched. */
  index: number;
  /** 1-based line number. */
  line: number;
  text: string;
}

/** Thrown when the model's regular expression runs past its time budget (catastrophic backtracking). */
export class SearchTimeoutError extends CodedError {
  constructor() {
    super("QUIRE_ERR_AGENT_SEARCH_TIMEOUT");
  }
}

/**
 * Runs inside a separate V8 context with a timeout: a model-written regular expression such
 * as `(a+)+$` can backtrack for minutes, and only a script timeout can interrupt it.
 */
const SEARCH_SOURCE = `
(function searchLines(regex, texts, max) {
  const found = [];
  for (let index = 0; index < texts.length; index++) {
    const text = texts[index];
    let start = 0;
    let line = 1;
    while (start < text.length) {
      let end = text.indexOf("\\n", start);
      if (end === -1) end = text.length;
      let content = text.slice(start, end);
      if (content.endsWith("\\r")) content = content.slice(0, -1);
      if (regex.test(content)) {
        found.push({ index, line, text: content });
        if (found.length >= max) return found;
      }
      start = end + 1;
      line += 1;
    }
  }
  return found;
})(regex, texts, max)`;

/** Line-by-line regular-expression search over texts, bounded in time over all its calls. */
export class LineSearcher {
  private readonly regex: RegExp;
  private readonly deadline: number;
  private readonly script = new vm.Script(SEARCH_SOURCE);
  private readonly context = vm.createContext({});

  constructor(regex: RegExp, budgetMs: number) {
    this.regex = new RegExp(regex.source, regex.flags.replace(/[gy]/g, ""));
    this.deadline = performance.now() + budgetMs;
  }

  /** Matching lines of the texts, at most `max`; throws SearchTimeoutError once over budget. */
  search(texts: string[], max: number): LineMatch[] {
    const remaining = Math.floor(this.deadline - performance.now());
    if (remaining <= 0) throw new SearchTimeoutError();
    Object.assign(this.context, { regex: this.regex, texts, max });
    try {
      return this.script.runInContext(this.context, { timeout: remaining }) as LineMatch[];
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_SCRIPT_EXECUTION_TIMEOUT")
        throw new SearchTimeoutError();
      throw error;
    } finally {
      Object.assign(this.context, { texts: [] });
    }
  }
}
