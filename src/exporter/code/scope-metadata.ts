import type { IGrammar } from "shiki/textmate";
import { EncodedTokenMetadata, type Theme } from "shiki/textmate";

/**
 * The encoded token metadata vscode-textmate's `tokenizeLine2` would give a token, computed from
 * the token's scope names for several themes at once. vscode-textmate folds each scope of the
 * path into its parent's metadata (AttributedScopeStack.pushAttributed): the grammar's basic
 * attributes of the scope (language id, token type) and the theme's match for the path so far
 * (font style, foreground, background); then, per token, the balanced-brackets bit. The same fold
 * is done here once per distinct path, kept in a trie keyed by scope name.
 */

/** A scope path as vscode-textmate's Theme.match reads it: the innermost scope, then its parents. */
interface ScopePath {
  readonly parent: ScopePath | null;
  readonly scopeName: string;
}

interface BasicScopeAttributes {
  languageId: number;
  tokenType: number;
}

interface BalancedBracketSelectors {
  readonly matchesAlways: boolean;
  readonly matchesNever: boolean;
  match(scopes: string[]): boolean;
}

/** The parts of vscode-textmate's Grammar that decide metadata but are not in its typed interface. */
interface GrammarInternals {
  getMetadataForScope(scope: string): BasicScopeAttributes;
  _basicScopeAttributesProvider: { getDefaultAttributes(): BasicScopeAttributes };
  balancedBracketSelectors: BalancedBracketSelectors | null;
  _tokenTypeMatchers: unknown[];
}

interface ScopeNode {
  readonly path: ScopePath | null;
  /** One per theme: the fold up to this scope, as the stack element holds it. */
  readonly stackMetadata: number[];
  /** One per theme: what a token with exactly this path is given (adds the brackets bit). */
  tokenMetadata: number[] | undefined;
  readonly children: Map<string, ScopeNode>;
}

/**
 * Reads the grammar's internals this fold depends on; undefined when they are not there (another
 * vscode-textmate) or when the grammar overrides token types by selector, which this does not
 * reproduce — the caller then keeps Shiki's own path.
 */
function grammarInternals(grammar: IGrammar): GrammarInternals | undefined {
  const internals = grammar as unknown as Partial<GrammarInternals>;
  if (typeof internals.getMetadataForScope !== "function") return undefined;
  if (typeof internals._basicScopeAttributesProvider?.getDefaultAttributes !== "function")
    return undefined;
  if (!Array.isArray(internals._tokenTypeMatchers) || internals._tokenTypeMatchers.length > 0)
    return undefined;
  if (!("balancedBracketSelectors" in internals)) return undefined;
  return internals as GrammarInternals;
}

const TOKEN_TYPE_NOT_SET = 8;
const FONT_STYLE_NOT_SET = -1;

export class ScopeMetadata {
  readonly themes: readonly Theme[];
  private readonly grammar: GrammarInternals;
  private readonly root: ScopeNode;

  private constructor(grammar: GrammarInternals, themes: readonly Theme[]) {
    this.grammar = grammar;
    this.themes = themes;
    const defaults = grammar._basicScopeAttributesProvider.getDefaultAttributes();
    this.root = {
      path: null,
      stackMetadata: themes.map((theme) => {
        const style = theme.getDefaults();
        return EncodedTokenMetadata.set(
          0,
          defaults.languageId,
          defaults.tokenType,
          null,
          style.fontStyle,
          style.foregroundId,
          style.backgroundId,
        );
      }),
      tokenMetadata: undefined,
      children: new Map(),
    };
  }

  /** Metadata for this grammar under these themes; undefined when the grammar cannot be followed. */
  static create(grammar: IGrammar, themes: readonly Theme[]): ScopeMetadata | undefined {
    const internals = grammarInternals(grammar);
    return internals && new ScopeMetadata(internals, themes);
  }

  /** One encoded metadata per theme for a token with these scope names (outermost first). */
  forToken(scopes: readonly string[]): number[] {
    let node = this.root;
    for (const scope of scopes) node = node.children.get(scope) ?? this.addChild(node, scope);
    node.tokenMetadata ??= this.withBrackets(node.stackMetadata, scopes);
    return node.tokenMetadata;
  }

  private addChild(parent: ScopeNode, scopeName: string): ScopeNode {
    const path: ScopePath = { parent: parent.path, scopeName };
    const basic = this.grammar.getMetadataForScope(scopeName);
    const stackMetadata = this.themes.map((theme, index) => {
      // Theme.match only reads `scopeName` and `parent`, which is all a ScopeStack is.
      const style = theme.match(path as Parameters<Theme["match"]>[0]);
      return EncodedTokenMetadata.set(
        parent.stackMetadata[index] ?? 0,
        basic.languageId,
        basic.tokenType,
        null,
        style ? style.fontStyle : FONT_STYLE_NOT_SET,
        style ? style.foregroundId : 0,
        style ? style.backgroundId : 0,
      );
    });
    const node: ScopeNode = { path, stackMetadata, tokenMetadata: undefined, children: new Map() };
    parent.children.set(scopeName, node);
    return node;
  }

  /** LineTokens.produceFromScopes: the balanced-brackets bit, from the grammar's selectors. */
  private withBrackets(metadata: number[], scopes: readonly string[]): number[] {
    const selectors = this.grammar.balancedBracketSelectors;
    let containsBalancedBrackets = selectors?.matchesAlways ?? false;
    if (selectors && !selectors.matchesAlways && !selectors.matchesNever) {
      containsBalancedBrackets = selectors.match([...scopes]);
    }
    if (!containsBalancedBrackets) return metadata;
    return metadata.map((value) =>
      EncodedTokenMetadata.set(value, 0, TOKEN_TYPE_NOT_SET, true, FONT_STYLE_NOT_SET, 0, 0),
    );
  }
}
