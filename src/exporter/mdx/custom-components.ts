import type { ElementContent } from "hast";
import type { Position } from "unist";
import type { ComponentContext, PropValue } from "../components/types.ts";
import type { Problem } from "../problems.ts";
import type { DeploymentType } from "../site/types.ts";

/*
 * The repository's own React components as the MDX renderer sees them. `custom/` implements
 * the renderer (compiling the components and running them in a sandbox); the page's renderer
 * (`render/render-body.ts`) hands that implementation to the page. This folder never imports
 * `custom/`: the dependency points from the specific to the general.
 */

/** One use of a repository component in a page, as the MDX renderer hands it over. */
export interface ComponentUse {
  /** The name the page writes (`<Related />`). */
  name: string;
  /** The repository file that defines it, and the name it is exported under there. */
  file: string;
  exportName: string;
  props: Record<string, PropValue>;
  /** The element's children, already rendered by Quire. */
  children: ElementContent[];
  inline: boolean;
  position?: Position;
}

/** What rendering a repository component asks of the page, besides a component's context. */
export interface CustomComponentContext extends ComponentContext {
  readonly pagePath: string;
  /** The file being converted (a snippet's, inside one), where problems are reported. */
  readonly currentFile: string;
  /** Class names the page's author wrote: what a component renders adds to them. */
  readonly classNames: Set<string>;
}

/** A compiled component module as the bundle ships it: one classic script, named by its content. */
export interface BrowserModule {
  /** Content key: the same code with the same imports is one file, however many pages use it. */
  key: string;
  /** Bundle path, `_quire/components/<key>.js`. */
  path: string;
  /** The script: registers the module's factory with the page's runtime. */
  script: string;
}

/** The components of a page that the browser brings to life, and the code they need. */
export interface PageIslands {
  /** The page's island data, an inert JSON script element placed after its content. */
  html: string;
  /** The compiled modules the page loads, after the runtime, in a stable order. */
  modules: BrowserModule[];
}

/**
 * The repository components of one page, ready to render: `render` is synchronous so the
 * conversion to HTML calls it in place, and `islands` says, once the content is done, which
 * instances the browser brings to life.
 */
export interface CustomComponentRenderer {
  /** What compiling the page's components found. */
  readonly problems: Problem[];
  /** Repository files the components were read from, for the render cache. */
  readonly dependencies: ReadonlySet<string>;
  render(use: ComponentUse, context: CustomComponentContext): ElementContent;
  /** The page's islands, once its content is rendered; undefined when it has none. */
  islands(deployment: DeploymentType): PageIslands | undefined;
}
