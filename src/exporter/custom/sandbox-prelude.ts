import { componentNames } from "../components/index.ts";
import { COMPUTED_WITH, MODULE_EXPORT } from "../mdx/module-export.ts";
import { EXPRESSION_MODULE_SUFFIX } from "./expression-module.ts";

/**
 * The JavaScript every sandbox context starts with: a `createElement` that builds a plain
 * tree, React's hooks returning their initial state, Mintlify's built-in components as
 * stand-ins that Quire renders after the sandbox, a tiny module registry for the compiled
 * component files, and a writer of the rendered tree as JSON. It runs inside QuickJS only.
 */
export const SANDBOX_PRELUDE = String.raw`
"use strict";
var __quireBuiltinNames = ${JSON.stringify(componentNames())};
var Fragment = { __quireFragment: true };
function h(type, props) {
  var all = props ? Object.assign({}, props) : {};
  if (arguments.length > 2) {
    var children = [];
    for (var index = 2; index < arguments.length; index++) children.push(arguments[index]);
    all.children = children.length === 1 ? children[0] : children;
  }
  return { __quireElement: true, type: type, props: all };
}
var createElement = h;
function useState(initial) { return [typeof initial === "function" ? initial() : initial, function () {}]; }
function useReducer(reducer, initialArgument, init) { return [init ? init(initialArgument) : initialArgument, function () {}]; }
function useEffect() {}
var useLayoutEffect = useEffect;
var useInsertionEffect = useEffect;
function useRef(value) { return { current: value }; }
function useMemo(factory) { return factory(); }
function useCallback(callback) { return callback; }
function createContext(value) {
  var context = { __quireDefault: value };
  context.Provider = function (props) { return props.children; };
  context.Consumer = function (props) { return typeof props.children === "function" ? props.children(value) : null; };
  return context;
}
function useContext(context) { return context ? context.__quireDefault : undefined; }
var __quireState = { ids: 0, instances: {}, refused: [], modules: {} };
function useId() { __quireState.ids += 1; return ":q" + __quireState.ids.toString(36) + ":"; }
function memo(component) { return component; }
function forwardRef(render) { return function (props) { return render(props, null); }; }
function useImperativeHandle() {}
function useTransition() { return [false, function (callback) { callback(); }]; }
function useDeferredValue(value) { return value; }
function useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot) { return getServerSnapshot ? getServerSnapshot() : getSnapshot(); }
function useDebugValue() {}
function startTransition(callback) { callback(); }
function createRef() { return { current: null }; }
function isValidElement(value) { return !!value && typeof value === "object" && value.__quireElement === true; }
function cloneElement(element, props) {
  var all = Object.assign({}, element.props, props || {});
  if (arguments.length > 2) {
    var children = [];
    for (var index = 2; index < arguments.length; index++) children.push(arguments[index]);
    all.children = children.length === 1 ? children[0] : children;
  }
  return { __quireElement: true, type: element.type, props: all };
}
function Component(props) { this.props = props; }
Component.prototype.setState = function () {};
Component.prototype.forceUpdate = function () {};
function PureComponent(props) { this.props = props; }
PureComponent.prototype = Object.create(Component.prototype);
PureComponent.prototype.constructor = PureComponent;
function childArray(children) {
  var list = [];
  (function add(value) {
    if (Array.isArray(value)) { for (var index = 0; index < value.length; index++) add(value[index]); }
    else if (value !== null && value !== undefined && typeof value !== "boolean") list.push(value);
  })(children);
  return list;
}
var Children = {
  toArray: childArray,
  map: function (children, callback) { return childArray(children).map(callback); },
  forEach: function (children, callback) { childArray(children).forEach(callback); },
  count: function (children) { return childArray(children).length; },
  only: function (children) { var list = childArray(children); if (list.length !== 1) throw new Error("Children.only expected one child"); return list[0]; },
};
function Suspense(props) { return props.children; }
function lazy() { throw new Error("React.lazy is not supported: components load with the page"); }
var React = {
  createElement: h, Fragment: Fragment, useState: useState, useReducer: useReducer, useEffect: useEffect,
  useLayoutEffect: useLayoutEffect, useInsertionEffect: useInsertionEffect, useRef: useRef, useMemo: useMemo,
  useCallback: useCallback, useContext: useContext, createContext: createContext, useId: useId, memo: memo,
  forwardRef: forwardRef, useImperativeHandle: useImperativeHandle, useTransition: useTransition,
  useDeferredValue: useDeferredValue, useSyncExternalStore: useSyncExternalStore, useDebugValue: useDebugValue,
  startTransition: startTransition, createRef: createRef, isValidElement: isValidElement, cloneElement: cloneElement,
  Component: Component, PureComponent: PureComponent, Children: Children, StrictMode: Fragment, Suspense: Suspense,
  lazy: lazy, version: "18.3.1",
};
React.default = React;
/*
 * Mintlify's components (<Note>, <Card>, <Icon>, <Tree.Folder>, ...) need no import in a
 * component either. Each is a stand-in: the render writes down its name, its props (JSON data
 * only) and its rendered children, and Quire renders it as it renders the same component in a page.
 */
function __quireBuiltin(name) {
  var standIn = function () { throw new Error("<" + name + "> can only be rendered as an element"); };
  standIn.__quireBuiltin = name;
  return standIn;
}
/** The stand-in of a top-level name (<Note>, <Tree>), made global on first use. */
function __quireTopBuiltin(name) {
  if (!Object.prototype.hasOwnProperty.call(globalThis, name)) globalThis[name] = __quireBuiltin(name);
  return globalThis[name];
}
for (var builtinIndex = 0; builtinIndex < __quireBuiltinNames.length; builtinIndex++) {
  var builtinName = __quireBuiltinNames[builtinIndex];
  var dot = builtinName.indexOf(".");
  if (dot < 0) __quireTopBuiltin(builtinName);
  else __quireTopBuiltin(builtinName.slice(0, dot))[builtinName.slice(dot + 1)] = __quireBuiltin(builtinName);
}
/** A built-in's props as data: JSON values only (no functions, elements or children). */
function builtinProps(value, depth) {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return isFinite(value) ? value : undefined;
  if (typeof value !== "object" || depth > 20 || value.__quireElement || value.__quireSlot !== undefined) return undefined;
  if (Array.isArray(value)) {
    var list = [];
    for (var index = 0; index < value.length; index++) { var item = builtinProps(value[index], depth + 1); if (item !== undefined) list.push(item); }
    return list;
  }
  var result = {};
  var keys = Object.keys(value);
  for (var index = 0; index < keys.length; index++) {
    var key = keys[index];
    if (depth === 0 && (key === "children" || key === "key" || key === "ref")) continue;
    var converted = builtinProps(value[key], depth + 1);
    if (converted !== undefined) result[key] = converted;
  }
  return result;
}
var console = { log: function () {}, info: function () {}, warn: function () {}, error: function () {}, debug: function () {} };

/*
 * Module factories by content key: pages whose inline components have the same code share one
 * definition. Which file is which module, and what each one's imports name, comes with every
 * render (the page's module map), so the registry holds code only.
 */
var __quireDefinitions = {};
function __quireDefine(key, factory) { __quireDefinitions[key] = factory; }
function __quireLoad(id) {
  if (id === "react") return React;
  var instances = __quireState.instances;
  if (Object.prototype.hasOwnProperty.call(instances, id)) return instances[id].exports;
  var entry = Object.prototype.hasOwnProperty.call(__quireState.modules, id) ? __quireState.modules[id] : undefined;
  var factory = entry ? __quireDefinitions[entry[0]] : undefined;
  if (!factory) return {};
  var requires = entry[1];
  var module = { exports: {} };
  instances[id] = module;
  factory(module.exports, function (specifier) {
    var target = Object.prototype.hasOwnProperty.call(requires, specifier) ? requires[specifier] : undefined;
    if (target === undefined) {
      __quireState.refused.push(String(specifier));
      throw new Error("module \"" + specifier + "\" is not available in the sandbox");
    }
    return __quireLoad(target);
  }, module);
  return module.exports;
}

/*
 * The rendered tree, for the host to read with one JSON.parse: a text is a string, an element
 * [tag, attributes, ...children], HTML the component set itself { h: html }, the place of
 * the element's children { s: "div" | "span" }, and a built-in component { c: name, p: props,
 * ch: children }.
 */
var ATTRIBUTE_NAMES = { className: "class", htmlFor: "for", tabIndex: "tabindex", readOnly: "readonly", maxLength: "maxlength", colSpan: "colspan", rowSpan: "rowspan", autoComplete: "autocomplete", crossOrigin: "crossorigin", srcSet: "srcset" };
var UNITLESS = { opacity: 1, zIndex: 1, fontWeight: 1, lineHeight: 1, flex: 1, flexGrow: 1, flexShrink: 1, order: 1, zoom: 1, gridColumn: 1, gridRow: 1 };
var VOID = { area: 1, base: 1, br: 1, col: 1, embed: 1, hr: 1, img: 1, input: 1, link: 1, meta: 1, source: 1, track: 1, wbr: 1 };
function styleText(style) {
  var parts = [];
  var keys = Object.keys(style);
  for (var index = 0; index < keys.length; index++) {
    var key = keys[index];
    var value = style[key];
    if (value === null || value === undefined || value === false || value === "") continue;
    var name = key.indexOf("--") === 0 ? key : key.replace(/[A-Z]/g, function (letter) { return "-" + letter.toLowerCase(); });
    parts.push(name + ":" + (typeof value === "number" && value !== 0 && !UNITLESS[key] ? value + "px" : String(value)));
  }
  return parts.join(";");
}
function attributes(props) {
  var result = {};
  var keys = Object.keys(props);
  for (var index = 0; index < keys.length; index++) {
    var key = keys[index];
    if (key === "children" || key === "key" || key === "ref" || key === "dangerouslySetInnerHTML") continue;
    var value = props[key];
    if (value === null || value === undefined || value === false || typeof value === "function" || typeof value === "symbol") continue;
    if (/^on[A-Z]/.test(key)) continue;
    var name = ATTRIBUTE_NAMES[key] || (key === "defaultValue" ? "value" : key === "defaultChecked" ? "checked" : key);
    if (!/^[A-Za-z_:][A-Za-z0-9_:.-]*$/.test(name)) continue;
    if (key === "style" && typeof value === "object") value = styleText(value);
    else if (typeof value === "object") continue;
    result[name] = value === true ? true : String(value);
  }
  return result;
}
function renderNode(node, depth, out) {
  if (depth > 200) throw new Error("the component tree is nested too deeply");
  if (node === null || node === undefined || typeof node === "boolean") return;
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") { out.push(String(node)); return; }
  if (Array.isArray(node)) { for (var index = 0; index < node.length; index++) renderNode(node[index], depth, out); return; }
  if (typeof node !== "object") return;
  if (node.__quireSlot !== undefined) { out.push({ s: node.__quireSlot }); return; }
  if (!node.__quireElement) throw new Error("objects are not valid as a child");
  var type = node.type;
  var props = node.props;
  if (type === Fragment) return renderNode(props.children, depth + 1, out);
  if (typeof type === "function" && typeof type.__quireBuiltin === "string") {
    var builtin = { c: type.__quireBuiltin, p: builtinProps(props, 0), ch: [] };
    out.push(builtin);
    renderNode(props.children, depth + 1, builtin.ch);
    return;
  }
  if (typeof type === "function") {
    if (type.prototype && typeof type.prototype.render === "function") {
      var instance = new type(props);
      instance.props = props;
      if (!instance.state) instance.state = {};
      return renderNode(instance.render(), depth + 1, out);
    }
    return renderNode(type(props), depth + 1, out);
  }
  if (type && typeof type === "object" && typeof type.Provider === "function") return renderNode(props.children, depth + 1, out);
  if (typeof type !== "string" || !/^[A-Za-z][A-Za-z0-9.-]*$/.test(type)) throw new Error("invalid element type");
  var tag = /^[A-Z]/.test(type) ? "div" : type;
  var attrs = attributes(props);
  if (tag !== type) attrs["data-quire-component"] = type;
  var element = [tag, attrs];
  out.push(element);
  if (VOID[tag]) return;
  if (props.dangerouslySetInnerHTML && typeof props.dangerouslySetInnerHTML.__html === "string") element.push({ h: props.dangerouslySetInnerHTML.__html });
  else renderNode(props.children, depth + 1, element);
}
/**
 * Props that name a module's export ({ MODULE_EXPORT: [file, name] }) get that export; one
 * computed by an export of the file's expression module (COMPUTED_WITH: scope) gets its value.
 */
function withModuleExports(value, depth) {
  if (!value || typeof value !== "object" || depth > 20) return value;
  var reference = value[${JSON.stringify(MODULE_EXPORT)}];
  var scope = value[${JSON.stringify(COMPUTED_WITH)}];
  if (Array.isArray(reference) && reference.length === 2 && scope && typeof scope === "object") {
    var compute = __quireLoad(String(reference[0]) + ${JSON.stringify(EXPRESSION_MODULE_SUFFIX)})[String(reference[1])];
    return typeof compute === "function" ? compute(withModuleExports(scope, depth + 1)) : undefined;
  }
  if (Array.isArray(reference) && reference.length === 2) return __quireLoad(String(reference[0]))[String(reference[1])];
  var keys = Object.keys(value);
  for (var index = 0; index < keys.length; index++) value[keys[index]] = withModuleExports(value[keys[index]], depth + 1);
  return value;
}
function __quireRender(modulesJson, moduleId, exportName, propsJson, childrenSlot) {
  // Each render instantiates its modules afresh: module-level state never leaks between renders.
  __quireState.modules = JSON.parse(modulesJson);
  __quireState.instances = {};
  __quireState.refused = [];
  __quireState.ids = 0;
  var component = __quireLoad(moduleId)[exportName];
  if (typeof component !== "function") throw new Error("\"" + exportName + "\" is not a component exported by " + moduleId);
  var props = withModuleExports(JSON.parse(propsJson), 0);
  if (childrenSlot) props.children = { __quireSlot: childrenSlot };
  var out = [];
  renderNode(h(component, props), 0, out);
  return JSON.stringify(out);
}
/** The first module a component asked for and did not get, or "" (promises may ask after the render). */
function __quireRefused() { return __quireState.refused.length > 0 ? String(__quireState.refused[0]) : ""; }

/*
 * Freezes every object reachable from the global object (the built-ins and the prelude), so a
 * component cannot change what the next render of the reused context sees; only the
 * registry and the per-render state stay writable.
 */
function __quireLockdown() {
  var seen = new Set();
  function freeze(value) {
    if (value === null || (typeof value !== "object" && typeof value !== "function") || seen.has(value)) return;
    seen.add(value);
    Object.freeze(value);
    var keys = Reflect.ownKeys(value);
    for (var index = 0; index < keys.length; index++) {
      if (value === globalThis && (keys[index] === "__quireDefinitions" || keys[index] === "__quireState")) continue;
      var descriptor = Object.getOwnPropertyDescriptor(value, keys[index]);
      if (!descriptor) continue;
      if ("value" in descriptor) freeze(descriptor.value);
      else { freeze(descriptor.get); freeze(descriptor.set); }
    }
    freeze(Object.getPrototypeOf(value));
  }
  freeze(globalThis);
}
__quireLockdown();
`;
