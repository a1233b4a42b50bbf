import {
  newQuickJSWASMModule,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  RELEASE_SYNC,
  shouldInterruptAfterDeadline,
} from "quickjs-emscripten";
import { MAX_COMPONENT_OUTPUT_BYTES } from "../limits.ts";
import { formatBytes } from "../site/repo-files.ts";
import type { CompiledModule } from "./compile.ts";
import { SANDBOX_PRELUDE } from "./sandbox-prelude.ts";
import { originalLine } from "./source-map.ts";

/** Limits of one component render. */
export interface SandboxLimits {
  /** Memory of the whole QuickJS runtime during a render, in bytes. */
  memoryBytes: number;
  /** Wall time of one render, in milliseconds. */
  timeMs: number;
  /** The interpreter's stack, in bytes. */
  stackBytes: number;
}

export const DEFAULT_LIMITS: SandboxLimits = {
  memoryBytes: 32 * 1024 * 1024,
  timeMs: 200,
  stackBytes: 512 * 1024,
};

/** One render: the component's modules (the one holding it and every module it requires), its export and its data. */
export interface SandboxRequest {
  modules: readonly CompiledModule[];
  /** The module that exports the component. */
  moduleId: string;
  exportName: string;
  /** JSON-compatible props. */
  props: Record<string, unknown>;
  /** The element has children: the component gets a slot of this tag in their place. */
  childrenSlot?: "div" | "span";
}

/**
 * What a render produced, as plain data: a text, an element `[tag, attributes, ...children]`,
 * HTML the component set itself (`dangerouslySetInnerHTML`), the place of its children, or one
 * of Mintlify's components (`<Note>`, `<Card>`) with its props and rendered children.
 */
export type RenderedNode =
  | string
  | [tag: string, attributes: Record<string, string | true>, ...children: RenderedNode[]]
  | { h: string }
  | { s: "div" | "span" }
  | { c: string; p: Record<string, unknown>; ch: RenderedNode[] };

/** A failed render says why, and for a throw the file of the component code that threw. */
export type SandboxResult =
  | { ok: true; nodes: RenderedNode[] }
  | { ok: false; reason: string; stack?: string; where?: string };

/**
 * Renders repository components inside QuickJS compiled to WebAssembly. The engine
 * sees only what a request hands it (compiled code, props as JSON, the prelude): no file
 * system, network, process or host object is reachable from it. One runtime serves a whole
 * thread and renders share a context whose built-ins are frozen, with the component modules
 * instantiated afresh for every render, so nothing a component changes survives it.
 */
export class ComponentSandbox {
  private readonly runtime: QuickJSRuntime;
  private readonly limits: SandboxLimits;
  private current?: SandboxContext;

  private constructor(runtime: QuickJSRuntime, limits: SandboxLimits) {
    this.runtime = runtime;
    this.limits = limits;
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(limits.stackBytes);
  }

  static async create(limits: SandboxLimits = DEFAULT_LIMITS): Promise<ComponentSandbox> {
    const engine = await newQuickJSWASMModule(RELEASE_SYNC);
    return new ComponentSandbox(engine.newRuntime(), limits);
  }

  /**
   * Renders one instance. A render that runs out of time is tried once more in a fresh
   * context: on a loaded machine a pause of the host (its garbage collector, another process)
   * can eat a render's time, and a component that really loops only costs twice the limit.
   */
  render(request: SandboxRequest): SandboxResult {
    const result = this.renderOnce(request);
    if (result.ok || result.reason !== TIME_LIMIT_REASON) return result;
    return this.renderOnce(request);
  }

  private renderOnce(request: SandboxRequest): SandboxResult {
    let healthy = false;
    try {
      // Setting up a context (the prelude, freezing the built-ins) is Quire's work, not the component's: its time is not counted.
      const current = this.context();
      const { vm } = current;
      this.runtime.setInterruptHandler(
        shouldInterruptAfterDeadline(Date.now() + this.limits.timeMs),
      );
      // The page's modules: each file's code (defined once per context, by content) and imports.
      const map: Record<string, [string, Record<string, string>]> = {};
      for (const module of request.modules) {
        let key = current.defined.get(module.code);
        if (key === undefined) {
          key = `m${current.defined.size}`;
          const defined = vm.evalCode(defineModule(key, module), `quire-module:${key}`);
          if (defined.error) {
            const failure = describe(vm.dump(defined.error));
            defined.error.dispose();
            return { ok: false, ...failure, where: this.where(failure.stack, request, current) };
          }
          defined.value.dispose();
          current.defined.set(module.code, key);
        }
        map[module.id] = [key, module.requires];
      }
      current.renders += 1;
      const render = vm.getProp(vm.global, "__quireRender");
      const args = [
        vm.newString(JSON.stringify(map)),
        vm.newString(request.moduleId),
        vm.newString(request.exportName),
        vm.newString(JSON.stringify(request.props)),
        vm.newString(request.childrenSlot ?? ""),
      ];
      const result = vm.callFunction(render, vm.undefined, ...args);
      for (const handle of args) handle.dispose();
      render.dispose();
      if (result.error) {
        const failure = describe(vm.dump(result.error));
        result.error.dispose();
        return { ok: false, ...failure, where: this.where(failure.stack, request, current) };
      }
      // Measured before it is copied out: a component can make a string of many megabytes.
      const length = vm.typeof(result.value) === "string" ? stringLength(vm, result.value) : 0;
      if (length > MAX_COMPONENT_OUTPUT_BYTES) {
        result.value.dispose();
        return { ok: false, reason: outputLimitReason(length) };
      }
      const json = length > 0 ? vm.getString(result.value) : "[]";
      result.value.dispose();
      // Promises the component started (an `import()`, a `.then`) settle here, still within the limits.
      const pending = this.runtime.executePendingJobs(100);
      if (pending.error) {
        pending.error.dispose();
        return { ok: false, reason: "a promise it started failed" };
      }
      const refusedCheck = vm.getProp(vm.global, "__quireRefused");
      const refused = vm.callFunction(refusedCheck, vm.undefined);
      refusedCheck.dispose();
      const firstRefused = refused.error ? "" : vm.getString(refused.value);
      (refused.error ?? refused.value).dispose();
      if (firstRefused)
        return {
          ok: false,
          reason: `it tried to load "${firstRefused}", which is not available in the sandbox`,
        };
      healthy = true;
      return { ok: true, nodes: JSON.parse(json) as RenderedNode[] };
    } catch (error) {
      // Out of memory inside the engine can surface as a host-side failure of the binding.
      return { ok: false, reason: (error as Error).message };
    } finally {
      this.runtime.removeInterruptHandler();
      // A failed render may have left the context half-way (interrupted, out of memory): start a new one.
      if (!healthy || (this.current && this.current.renders >= CONTEXT_RENDERS))
        this.discardContext();
    }
  }

  /** The file and line of the component code a stack points into (the first frame in a module). */
  private where(
    stack: string | undefined,
    request: SandboxRequest,
    current: SandboxContext,
  ): string | undefined {
    for (const match of (stack ?? "").matchAll(/quire-module:(m\d+):(\d+)(?::(\d+))?\)/g)) {
      const module = request.modules.find(
        (candidate) => current.defined.get(candidate.code) === match[1],
      );
      if (!module) continue;
      // The module's code starts on the line after its `__quireDefine(` header.
      const line = module.mappings
        ? originalLine(
            module.mappings,
            Number(match[2]) - 1,
            Math.max(0, Number(match[3] ?? 1) - 1),
          )
        : undefined;
      return line ? `${module.id}:${line}` : module.id;
    }
    return undefined;
  }

  /**
   * The context renders share: built once with the prelude and its built-ins frozen, so a
   * component can change nothing the next render sees, and replaced after a failure or a
   * number of renders (the module registry only grows).
   */
  private context(): SandboxContext {
    if (this.current) return this.current;
    const vm = this.runtime.newContext();
    const setup = vm.evalCode(SANDBOX_PRELUDE, "quire-prelude.js");
    if (setup.error) {
      const failure = JSON.stringify(vm.dump(setup.error));
      setup.error.dispose();
      vm.dispose();
      throw new Error(`the sandbox prelude failed: ${failure}`);
    }
    setup.value.dispose();
    this.current = { vm, defined: new Map(), renders: 0 };
    return this.current;
  }

  private discardContext(): void {
    const current = this.current;
    this.current = undefined;
    try {
      current?.vm.dispose();
    } catch {
      // A context that died of its memory limit may refuse a clean disposal; the runtime stays usable.
    }
  }

  dispose(): void {
    this.discardContext();
    this.runtime.dispose();
  }
}

/** A QuickJS context that renders share, with the module code defined in it (code → key). */
interface SandboxContext {
  vm: QuickJSContext;
  defined: Map<string, string>;
  renders: number;
}

const TIME_LIMIT_REASON = "it ran longer than the time limit";

/** Why an instance that rendered too much is not shown; its size counts text and markup. */
export function outputLimitReason(length: number): string {
  return `it rendered ${formatBytes(length)} of text and markup, more than the limit of ${formatBytes(MAX_COMPONENT_OUTPUT_BYTES)}`;
}

function stringLength(vm: QuickJSContext, value: QuickJSHandle): number {
  const length = vm.getProp(value, "length");
  const number = vm.getNumber(length);
  length.dispose();
  return number;
}

/** Renders between two fresh contexts. */
const CONTEXT_RENDERS = 1000;

function defineModule(key: string, module: CompiledModule): string {
  return `"use strict";__quireDefine(${JSON.stringify(key)}, function (exports, require, module) {\n${module.code}\n});`;
}

function describe(dumped: unknown): { reason: string; stack?: string } {
  if (dumped && typeof dumped === "object") {
    const error = dumped as { name?: string; message?: string; stack?: string };
    const name = error.name ?? "Error";
    const message = error.message ?? "";
    if (/interrupted/i.test(message)) return { reason: TIME_LIMIT_REASON };
    if (/out of memory/i.test(message)) return { reason: "it used more memory than the limit" };
    if (/stack overflow/i.test(message))
      return { reason: "it recursed deeper than the stack limit" };
    return { reason: `${name}: ${message}`, stack: error.stack };
  }
  return { reason: `it threw ${String(dumped)}` };
}

let shared: Promise<ComponentSandbox> | undefined;

/** The sandbox of this thread, created on first use and reused by every page the thread renders. */
export function threadSandbox(): Promise<ComponentSandbox> {
  shared ??= ComponentSandbox.create();
  return shared;
}
