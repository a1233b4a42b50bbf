/**
 * The page runtime of interactive repository components ("islands"): Preact with its hooks and
 * React compatibility layer, and the code that brings the static HTML of each component back
 * to life. Bundled into one classic script when Quire exports (so it loads from file://), and
 * loaded only by pages that have such components; their compiled modules follow it, each a
 * script calling `define`. Nothing here loads code from anywhere but the bundle.
 */
import { options, type VNode } from "preact";
import * as compat from "preact/compat";
import { isAllowedTag, isSafeUrl } from "../../mdx/sanitize-html.ts";
import {
  AMBIENT_NAMES,
  type AmbientName,
  ISLAND_DATA_ID,
  ISLAND_REGISTRY,
  type IslandData,
  type IslandRecord,
  moduleExportOf,
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
const URL_PROPERTIES = [
  "href",
  "src",
  "action",
  "formAction",
  "poster",
  "srcSet",
  "srcset",
  "data",
];
const LOADING_PROPERTIES = ["src", "srcSet", "srcset", "poster", "data"];

/**
 * Keeps what components render in the browser to the rules of the static export: no element
 * the exporter leaves out (`script`, `object`, …), no `javascript:` URL, links between pages
 * made relative like Quire's own, and on an air-gapped page nothing loaded from another host.
 */
function installVnodeRules(airGapped: boolean): void {
  const root = document.documentElement.dataset.root ?? "";
  const previous = options.vnode;
  options.vnode = (vnode: VNode) => {
    const { type } = vnode;
    if (typeof type === "string") {
      if (!isAllowedTag(type)) vnode.type = Nothing;
      else if (vnode.props && typeof vnode.props === "object") {
        const props = vnode.props as Record<string, unknown>;
        for (const name of URL_PROPERTIES) {
          const value = props[name];
          if (typeof value !== "string") continue;
          if (!isSafeUrl(value, type === "img" || type === "source")) delete props[name];
          else if (
            airGapped &&
            LOADING_PROPERTIES.includes(name) &&
            /^(https?:)?\/\//i.test(value.trim())
          )
            delete props[name];
          else if (name === "href" || name === "src") props[name] = bundleUrl(value, root);
        }
      }
    }
    previous?.(vnode);
  };
}

/** Props that name a module's export (see `MODULE_EXPORT`) get that export, as in the sandbox. */
function withModuleExports(value: unknown, load: (file: string) => Exports, depth = 0): unknown {
  if (!value || typeof value !== "object" || depth > 20) return value;
  const reference = moduleExportOf(value);
  if (reference) return load(reference[0])[reference[1]];
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
    props.children = createElement(island.inline ? "span" : "div", {
      className: "quire-children",
      dangerouslySetInnerHTML: { __html: island.children },
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
