/**
 * The JavaScript every sandbox context starts with: a `createElement` that builds a plain
 * tree, React's hooks returning their initial state, a tiny module registry for the compiled
 * component files, and a serializer from the tree to HTML. It runs inside QuickJS only.
 */
export const SANDBOX_PRELUDE = String.raw`
"use strict";
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
var __quireState = { ids: 0, instances: {}, refused: [] };
function useId() { __quireState.ids += 1; return ":q" + __quireState.ids.toString(36) + ":"; }
function memo(component) { return component; }
function forwardRef(render) { return function (props) { return render(props, null); }; }
function useImperativeHandle() {}
function useTransition() { return [false, function (callback) { callback(); }]; }
function useDeferredValue(value) { return value; }
var React = {
  createElement: h, Fragment: Fragment, useState: useState, useReducer: useReducer, useEffect: useEffect,
  useLayoutEffect: useLayoutEffect, useInsertionEffect: useInsertionEffect, useRef: useRef, useMemo: useMemo,
  useCallback: useCallback, useContext: useContext, createContext: createContext, useId: useId, memo: memo,
  forwardRef: forwardRef, useImperativeHandle: useImperativeHandle, useTransition: useTransition,
  useDeferredValue: useDeferredValue,
};
React.default = React;
var console = { log: function () {}, info: function () {}, warn: function () {}, error: function () {}, debug: function () {} };

var __quireDefinitions = {};
function __quireDefine(id, requires, factory) { __quireDefinitions[id] = { requires: requires, factory: factory }; }
function __quireLoad(id) {
  if (id === "react") return React;
  var instances = __quireState.instances;
  if (Object.prototype.hasOwnProperty.call(instances, id)) return instances[id].exports;
  var definition = __quireDefinitions[id];
  if (!definition) return {};
  var module = { exports: {} };
  instances[id] = module;
  definition.factory(module.exports, function (specifier) {
    var target = Object.prototype.hasOwnProperty.call(definition.requires, specifier) ? definition.requires[specifier] : undefined;
    if (target === undefined) {
      __quireState.refused.push(String(specifier));
      throw new Error("module \"" + specifier + "\" is not available in the sandbox");
    }
    return __quireLoad(target);
  }, module);
  return module.exports;
}

var VOID = { area: 1, base: 1, br: 1, col: 1, embed: 1, hr: 1, img: 1, input: 1, link: 1, meta: 1, source: 1, track: 1, wbr: 1 };
var ATTRIBUTE_NAMES = { className: "class", htmlFor: "for", tabIndex: "tabindex", readOnly: "readonly", maxLength: "maxlength", colSpan: "colspan", rowSpan: "rowspan", autoComplete: "autocomplete", crossOrigin: "crossorigin", srcSet: "srcset", viewBox: "viewBox" };
var UNITLESS = { opacity: 1, zIndex: 1, fontWeight: 1, lineHeight: 1, flex: 1, flexGrow: 1, flexShrink: 1, order: 1, zoom: 1, gridColumn: 1, gridRow: 1 };
function escapeHtml(value) {
  return String(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
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
  var text = "";
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
    text += value === true ? " " + name : " " + name + "=\"" + escapeHtml(value) + "\"";
  }
  return text;
}
function renderNode(node, depth) {
  if (depth > 200) throw new Error("the component tree is nested too deeply");
  if (node === null || node === undefined || typeof node === "boolean") return "";
  if (typeof node === "string" || typeof node === "number" || typeof node === "bigint") return escapeHtml(node);
  if (Array.isArray(node)) { var all = ""; for (var index = 0; index < node.length; index++) all += renderNode(node[index], depth); return all; }
  if (typeof node !== "object") return "";
  if (node.__quireHtml !== undefined) return String(node.__quireHtml);
  if (!node.__quireElement) throw new Error("objects are not valid as a child");
  var type = node.type;
  var props = node.props;
  if (type === Fragment) return renderNode(props.children, depth + 1);
  if (typeof type === "function") {
    if (type.prototype && typeof type.prototype.render === "function") {
      var instance = new type(props);
      instance.props = props;
      if (!instance.state) instance.state = {};
      return renderNode(instance.render(), depth + 1);
    }
    return renderNode(type(props), depth + 1);
  }
  if (type && typeof type === "object" && typeof type.Provider === "function") return renderNode(props.children, depth + 1);
  if (typeof type !== "string" || !/^[A-Za-z][A-Za-z0-9.-]*$/.test(type)) throw new Error("invalid element type");
  var tag = /^[A-Z]/.test(type) ? "div" : type;
  var open = "<" + tag + attributes(props) + (tag === type ? "" : " data-quire-component=\"" + escapeHtml(type) + "\"") + ">";
  if (VOID[tag]) return open;
  var inner = props.dangerouslySetInnerHTML && typeof props.dangerouslySetInnerHTML.__html === "string"
    ? props.dangerouslySetInnerHTML.__html
    : renderNode(props.children, depth + 1);
  return open + inner + "</" + tag + ">";
}
function __quireRender(moduleId, exportName, propsJson, childrenHtml) {
  // Each render instantiates its modules afresh: module-level state never leaks between renders.
  __quireState.instances = {};
  __quireState.refused = [];
  __quireState.ids = 0;
  var component = __quireLoad(moduleId)[exportName];
  if (typeof component !== "function") throw new Error("\"" + exportName + "\" is not a component exported by " + moduleId);
  var props = JSON.parse(propsJson);
  if (childrenHtml) props.children = { __quireHtml: childrenHtml };
  return renderNode(h(component, props), 0);
}

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
