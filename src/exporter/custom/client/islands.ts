/**
 * The page runtime of interactive repository components ("islands"): Preact with its hooks and
 * React compatibility layer, and the code that brings the static HTML of each component back
 * to life. Bundled into one classic script when Quire exports (so it loads from file://), and
 * loaded only by pages that have such components; their compiled modules follow it, each a
 * script calling `define`. Nothing here loads code from anywhere but the bundle.
 */
import { options, type VNode } from "preact";
import * as compat from "preact/compat";
import { moduleExportOf } from "../../mdx/module-export.ts";
import {
  ANIMATION_ELEMENTS,
  DENIED_PROPERTIES,
  HTML_ELEMENTS,
  REMOVED_WITH_CONTENT,
  SVG_ELEMENTS,
  urlUseOf,
} from "../../safety/html-allow-list.ts";
import { checkSrcset, checkUrl } from "../../safety/url-policy.ts";
import { expressionModuleId } from "../expression-module.ts";
import {
  AMBIENT_NAMES,
  type AmbientName,
  ISLAND_DATA_ID,
  ISLAND_REGISTRY,
  type IslandData,
  type IslandRecord,
} from "../island-contract.ts";
import { bundleUrl } from "./bundle-url.ts";

type Exports = Record<string, unknown>;
type Factory = (
  exports: Exports,
  require: (specifier: string) => unknown,
  module: { exports: Exports },
  ...ambient: unknown[]
) => void;

const { createElement, hydrate } = compat;
const React = compat.default;

/** What each name a component uses without an import stands for (see island-contract.ts). */
const AMBIENT: Record<AmbientName, unknown> = {
  h: createElement,
  Fragment: compat.Fragment,
  React,
  createElement,
  createContext: compat.createContext,
  memo: compat.memo,
  forwardRef: compat.forwardRef,
  useState: compat.useState,
  useReducer: compat.useReducer,
  useEffect: compat.useEffect,
  useLayoutEffect: compat.useLayoutEffect,
  useInsertionEffect: compat.useInsertionEffect,
  useRef: compat.useRef,
  useMemo: compat.useMemo,
  useCallback: compat.useCallback,
  useContext: compat.useContext,
  useId: compat.useId,
  useImperativeHandle: compat.useImperativeHandle,
  useTransition: compat.useTransition,
  useDeferredValue: compat.useDeferredValue,
};

const definitions = new Map<string, { requires: Record<string, string>; factory: Factory }>();

(window as unknown as Record<string, unknown>)[ISLAND_REGISTRY] = {
  define(key: string, requires: Record<string, string>, factory: Factory): void {
    definitions.set(key, { requires, factory });
  },
};

/**
 * Loads the page's modules on demand, once each: like any bundle, modules are shared by the
 * page's components. `react` is Preact's compatibility layer.
 */
function moduleLoader(data: IslandData, ambient: readonly unknown[]): (file: string) => Exports {
  const instances = new Map<string, { exports: Exports }>();
  const reactModule: Exports = { ...compat };
  const load = (file: string): Exports => {
    if (file === "react") return reactModule;
    const loaded = instances.get(file);
    if (loaded) return loaded.exports;
    const key = data.modules[file];
    const definition = key === undefined ? undefined : definitions.get(key);
    if (!definition) throw new Error(`the code of "${file}" is not in the bundle`);
    const module = { exports: {} as Exports };
    instances.set(file, module);
    const require = (specifier: string): unknown => {
      const target = definition.requires[specifier];
      if (target === undefined) throw new Error(`module "${specifier}" is not available`);
      return load(target);
    };
    definition.factory.call(undefined, module.exports, require, module, ...ambient);
    return module.exports;
  };
  return load;
}

const Nothing = (): null => null;

/** Denied attributes by their lower-case name, as components may write them (`srcdoc`, `srcDoc`). */
const DENIED = new Set([...DENIED_PROPERTIES].map((name) => name.toLowerCase()));
/** Prop names components use for URL attributes, by the syntax tree's name for them. */
const URL_PROPS: Record<string, string> = {
  href: "href",
  xlinkhref: "xLinkHref",
  "xlink:href": "xLinkHref",
  src: "src",
  srcset: "srcSet",
  poster: "poster",
  cite: "cite",
};
const LOADING_PROPS = new Set(["src", "srcSet", "poster"]);
/** HTML the runtime itself passes as `dangerouslySetInnerHTML` (children already sanitized at export). */
const trustedHtml = new WeakSet<object>();

/**
 * Keeps what components render in the browser to the rules of the static export (the same
 * allow-list and URL rule, safety/): no element the export leaves out, no event handler given
 * as text, no denied attribute, no URL the rule refuses, no animation of a link; links between
 * pages made relative like Quire's own, and on an air-gapped page nothing loaded from another
 * host. The component's own code runs anyway: these rules stop markup it renders from data
 * (a prop, a fetched string) from turning into script.
 */
function installVnodeRules(airGapped: boolean): void {
  const root = document.documentElement.dataset.root ?? "";
  const clean = document.documentElement.dataset.cleanUrls === "true";
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const { type } = vnode;
    if (typeof type === "string") {
      const props = (vnode.props ?? {}) as Record<string, unknown>;
      if (!isAllowedType(type, props)) vnode.type = Nothing;
      else applyPropRules(type, props, airGapped, root, clean);
    }
    previous?.(vnode);
  };
}

function isAllowedType(type: string, props: Record<string, unknown>): boolean {
  if (REMOVED_WITH_CONTENT.has(type)) return false;
  if (!HTML_ELEMENTS.has(type) && !SVG_ELEMENTS.has(type)) return false;
  const target = props.attributeName;
  return !(ANIMATION_ELEMENTS.has(type) && typeof target === "string" && /href/i.test(target));
}

function applyPropRules(
  type: string,
  props: Record<string, unknown>,
  airGapped: boolean,
  root: string,
  clean: boolean,
): void {
  for (const name of Object.keys(props)) {
    const value = props[name];
    const lower = name.toLowerCase();
    if (lower === "dangerouslysetinnerhtml") {
      if (!(value && typeof value === "object" && trustedHtml.has(value))) delete props[name];
      continue;
    }
    if (lower.startsWith("on") && typeof value !== "function") {
      delete props[name];
      continue;
    }
    if (DENIED.has(lower)) {
      delete props[name];
      continue;
    }
    const property = URL_PROPS[lower];
    if (property === undefined || typeof value !== "string") continue;
    const use = urlUseOf(type, property);
    const verdict =
      use === "srcset"
        ? checkSrcset(value)
        : checkUrl(value, use === "local" || use === undefined ? "resource" : use);
    if (!verdict.ok || (use === "local" && /^[a-z][a-z0-9+.-]*:|^\/\//i.test(verdict.url)))
      delete props[name];
    else if (airGapped && LOADING_PROPS.has(property) && /^(https?:)?\/\//i.test(verdict.url))
      delete props[name];
    else if (property === "href" || property === "src")
      props[name] = bundleUrl(verdict.url, root, clean);
  }
}

/** Props that name a module's export (see `MODULE_EXPORT`) get that export, as in the sandbox. */
function withModuleExports(value: unknown, load: (file: string) => Exports, depth = 0): unknown {
  if (!value || typeof value !== "object" || depth > 20) return value;
  const reference = moduleExportOf(value);
  if (reference?.scope) {
    const compute = load(expressionModuleId(reference.file))[reference.exportName];
    const scope = withModuleExports(reference.scope, load, depth + 1);
    return typeof compute === "function" ? compute(scope) : undefined;
  }
  if (reference) return load(reference.file)[reference.exportName];
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [] : {};
  for (const [key, item] of Object.entries(value))
    (copy as Record<string, unknown>)[key] = withModuleExports(item, load, depth + 1);
  return copy;
}

/** Props as the exporter gave them to the static render; children are Quire's own HTML, kept as it is. */
function islandProps(
  island: IslandRecord,
  load: (file: string) => Exports,
): Record<string, unknown> {
  const props = withModuleExports(island.props, load) as Record<string, unknown>;
  if (island.children !== undefined) {
    const html = { __html: island.children };
    trustedHtml.add(html);
    props.children = createElement(island.inline ? "span" : "div", {
      className: "quire-children",
      dangerouslySetInnerHTML: html,
    });
  }
  return props;
}

function start(): void {
  const holder = document.getElementById(ISLAND_DATA_ID);
  if (!holder) return;
  let data: IslandData;
  try {
    data = JSON.parse(holder.textContent ?? "") as IslandData;
  } catch (error) {
    console.error("quire: the page's component data is unreadable", error);
    return;
  }
  installVnodeRules(data.airGapped === true);
  const load = moduleLoader(
    data,
    AMBIENT_NAMES.map((name) => AMBIENT[name]),
  );
  const done = new WeakSet<Element>();

  const hydrateIsland = (element: HTMLElement): void => {
    if (done.has(element) || !element.isConnected) return;
    done.add(element);
    const island = data.islands[Number(element.dataset.quireIsland)];
    if (!island) return;
    const name = element.dataset.component ?? island.export;
    const staticHtml = element.innerHTML;
    try {
      const component = load(island.module)[island.export];
      if (typeof component !== "function" && (typeof component !== "object" || component === null))
        throw new Error(`"${island.export}" is not exported by ${island.module}`);
      hydrate(createElement(component as never, islandProps(island, load)), element);
      element.dataset.quireHydrated = "";
    } catch (error) {
      // The reader keeps the static HTML, as with scripts off.
      element.innerHTML = staticHtml;
      console.error(`quire: component <${name}> could not start in the browser`, error);
    }
  };
  const hydrateWithin = (root: ParentNode): void => {
    for (const element of root.querySelectorAll<HTMLElement>("[data-quire-island]"))
      hydrateIsland(element);
  };

  hydrateWithin(document);
  // A component may show its children (and the components in them) only later, e.g. when opened.
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        if (node.dataset.quireIsland !== undefined) hydrateIsland(node);
        hydrateWithin(node);
      }
  }).observe(document.body, { childList: true, subtree: true });
  document.documentElement.dataset.islands = "ready";
}

// The modules' scripts follow this one (deferred, in order, while the document is already
// "interactive"): DOMContentLoaded comes once they have all run.
if (document.readyState === "complete") start();
else document.addEventListener("DOMContentLoaded", start, { once: true });
