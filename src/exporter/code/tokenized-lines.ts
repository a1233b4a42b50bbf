import type { StateStack } from "shiki/textmate";
import { INITIAL } from "shiki/textmate";

/**
 * Lines a grammar has already tokenized, by the state the line before left and the line's
 * text: a line's tokens and the state it leaves depend on nothing else (vscode-textmate's
 * incremental tokenizing, as in VS Code, rests on the same). Docs repeat lines across their
 * code blocks (imports, a client's set-up, closing braces): in mintlify/docs 76 % of the
 * non-empty lines of code blocks met an equal line after an equal state before them, in the
 * MCP docs 82 %, in CrewAI's 38 % (docs/decisions.md, "A nineteenth pass").
 *
 * States are compared as vscode-textmate compares them (`equals`: the rules, their end
 * expressions and the scopes), and also by whether each rule's begin took the line's end,
 * which `equals` leaves out but which sets where the next line's `\G` may match. A line whose
 * tokenizing stopped at the time limit is not kept: what it gives depends on the clock.
 *
 * One cache serves a thread's every grammar and set of themes (each a `scope` of its own), so
 * one budget bounds what it holds, whatever a repository's code blocks hold.
 */

/** Longer lines are not kept: they rarely repeat, and a repository could fill memory with them. */
const MAX_KEPT_LINE_LENGTH = 1_000;
/** At most this many lines are kept, and about this many bytes; then the cache starts again. */
const MAX_LINES = 20_000;
const MAX_BYTES = 16 * 1024 * 1024;
/** What a kept line is counted as: its text (UTF-16), its tokens and the entry itself. */
const BYTES_PER_CHARACTER = 2;
const BYTES_PER_TOKEN = 64;
const BYTES_PER_LINE = 160;

export interface TokenizedLine<Token> {
  tokens: Token;
  /** The state after the line, as the one equal state this cache hands out. */
  end: StateStack;
}

/** The fields of vscode-textmate's StateStackImpl that decide how the next line is tokenized. */
interface StateInternals {
  parent: StateInternals | null;
  ruleId: number;
  endRule: string | null;
  beginRuleCapturedEOL: boolean;
  equals(other: StateStack): boolean;
}

export class TokenizedLines<Token> {
  readonly #lines = new Map<string, TokenizedLine<Token>>();
  #bytes = 0;
  /** The states handed out, by scope and a key of their rules; scopes told apart by `equals`. */
  readonly #states = new Map<string, StateStack[]>();
  /** Each handed-out state's id, never reused: a state kept by a caller past a clear stays apart. */
  readonly #ids = new WeakMap<StateStack, number>();
  #nextId = 1;
  /** The grammars loaded when the lines were kept: one loaded since may change an embedded part. */
  #grammarsLoaded = -1;

  /** How many lines are kept. */
  get size(): number {
    return this.#lines.size;
  }

  /** Forgets every line if the grammars loaded are no longer those the lines were made with. */
  useGrammars(loadedCount: number): void {
    if (loadedCount === this.#grammarsLoaded) return;
    this.#grammarsLoaded = loadedCount;
    this.#clear();
  }

  /** The line as tokenized after `state`, which must be INITIAL or a state this cache gave. */
  get(scope: number, state: StateStack, line: string): TokenizedLine<Token> | undefined {
    if (line.length > MAX_KEPT_LINE_LENGTH) return undefined;
    return this.#lines.get(this.#key(scope, state, line));
  }

  /**
   * Keeps a line's tokens (`tokenCount` of them); gives the state to go on with, an equal one
   * handed out before if there is one.
   */
  set(
    scope: number,
    state: StateStack,
    line: string,
    tokens: Token,
    tokenCount: number,
    end: StateStack,
  ): StateStack {
    const kept = this.intern(scope, end);
    if (line.length > MAX_KEPT_LINE_LENGTH) return kept;
    const bytes = BYTES_PER_LINE + BYTES_PER_CHARACTER * line.length + BYTES_PER_TOKEN * tokenCount;
    if (this.#lines.size >= MAX_LINES || this.#bytes + bytes > MAX_BYTES) this.#clear();
    this.#lines.set(this.#key(scope, state, line), { tokens, end: kept });
    this.#bytes += bytes;
    return kept;
  }

  /** The state equal to `state` that this cache hands out, `state` itself if it is the first. */
  intern(scope: number, state: StateStack): StateStack {
    if (state === INITIAL || this.#ids.has(state)) return state;
    const rules = `${scope}:${ruleKey(state as unknown as StateInternals)}`;
    let equal = this.#states.get(rules);
    if (!equal) {
      equal = [];
      this.#states.set(rules, equal);
    }
    const found = equal.find((candidate) => candidate.equals(state));
    if (found) return found;
    this.#ids.set(state, this.#nextId++);
    equal.push(state);
    return state;
  }

  #key(scope: number, state: StateStack, line: string): string {
    const id = state === INITIAL ? 0 : this.#ids.get(state);
    if (id === undefined) throw new Error("a state this cache did not hand out");
    return `${scope}:${id}\u0000${line}`;
  }

  #clear(): void {
    this.#lines.clear();
    this.#states.clear();
    this.#bytes = 0;
  }
}

/** The rules of a state, innermost first, with their end expressions and end-of-line captures. */
function ruleKey(state: StateInternals): string {
  let key = "";
  for (let element: StateInternals | null = state; element; element = element.parent)
    key += `${element.ruleId}${element.beginRuleCapturedEOL ? "+" : ""}\u0001${element.endRule ?? ""}\u0002`;
  return key;
}
