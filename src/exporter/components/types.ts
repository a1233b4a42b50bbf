import type { Element, ElementContent } from "hast";
import type { Position } from "unist";
import type { Messages } from "../messages/index.ts";
import type { UrlUse } from "../safety/url-policy.ts";

/** Icon options as Mintlify pages give them on `<Icon>`, cards, groups and steps. */
export interface IconOptions {
  size?: number;
  color?: string;
  /** Font Awesome style: `solid` (default), `regular`, `light`, `brands`, ... */
  iconType?: string;
  library?: "fontawesome" | "lucide";
}

/**
 * What a component may ask of the page being rendered. Components are pure functions of
 * their props and children; everything that touches the site goes through this object.
 */
export interface ComponentContext {
  /** Repository-relative file being rendered. */
  readonly file: string;
  /** The interface's strings in the page's language: labels and default titles components show. */
  readonly messages: Messages;
  /** Report a warning at a position in the file. */
  warn(message: string, position?: Position, rule?: string): void;
  /** What the page needs beyond its HTML: `math` brings KaTeX's stylesheet and fonts. */
  readonly features: { math: boolean; mermaid: boolean };
  /** An inline SVG for an icon name, or an `<img>` for a URL/path; undefined if unknown. */
  icon(name: string, options?: IconOptions): Element | undefined;
  /**
   * Rewrite a link: internal page links become relative `.html` links; others unchanged.
   * Undefined when the URL may not be linked to (`javascript:`…; reported). `position` locates a problem.
   */
  href(url: string, position?: Position): string | undefined;
  /** Rewrite an image/file reference to a relative URL and copy the file into the bundle. `position` locates a missing one. */
  asset(src: string, position?: Position, use?: UrlUse): string | undefined;
  /**
   * A page-unique element id with the given prefix: the prefix itself the first time, then
   * `prefix-2`, `prefix-3` (from `prefix-1` when `firstRepeat` is 1, as Mintlify's fields count).
   */
  uniqueId(prefix: string, firstRepeat?: 1 | 2): string;
  /** Render a Markdown string (e.g. a prop holding Markdown) to hast. */
  markdown(text: string): ElementContent[];
  /** Notes a parameter a `<ParamField>` documents: a page written by hand builds its playground from them. */
  recordParameter?(parameter: DocumentedParameter): void;
}

/** A parameter as a `<ParamField>` documents it. */
export interface DocumentedParameter {
  location: "path" | "query" | "header" | "cookie" | "body";
  name: string;
  type?: string;
  required: boolean;
  defaultValue?: PropValue;
  description?: string;
}

/** Literal prop values: what `attr="x"` and `attr={literal}` can hold. */
export type PropValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | PropValue[]
  | { [key: string]: PropValue };

export type Props = Record<string, PropValue>;

export interface ComponentInput {
  props: Props;
  /** Children already converted to hast. */
  children: ElementContent[];
  context: ComponentContext;
  /** Position of the element in the source, for warnings. */
  position?: Position;
  /** True when used inline (inside a paragraph). */
  inline: boolean;
}

export type Component = (input: ComponentInput) => ElementContent | ElementContent[];
