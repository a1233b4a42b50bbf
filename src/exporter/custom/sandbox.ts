import {
  newQuickJSWASMModule,
  type QuickJSRuntime,
  RELEASE_SYNC,
  shouldInterruptAfterDeadline,
} from "quickjs-emscripten";
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
  /** Already rendered, sanitized HTML of the element's children, passed as `children`. */
  childrenHtml?: string;
}

/** A failed render says why, and for a throw the file of the component code that threw. */
export type SandboxResult =
  | { ok: true; html: string }
  | { ok: false; reason: string; stack?: string; where?: string };

/**
 * Renders repository components to HTML inside QuickJS compiled to WebAssembly. The engine
 * sees only what a request hands it (compiled code, props as JSON, the prelude): no file
 * system, network, process or host object is reachable from it. One runtime serves a whole
 * thread; every render gets a fresh context, so nothing a component changes survives it.
 */
export class ComponentSandbox {
  private readonly runtime: QuickJSRuntime;
  private readonly limits: SandboxLimits;

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

  render(request: SandboxRequest): SandboxResult {
    this.runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + this.limits.timeMs));
    const vm = this.runtime.newContext();
    try {
      const parts = [SANDBOX_PRELUDE];
      const ranges: { id: string; first: number; last: number; mappings?: string }[] = [];
      let line = lineCount(SANDBOX_PRELUDE) + 1;
      for (const module of request.modules) {
        const text = defineModule(module);
        ranges.push({
          id: module.id,
          first: line,
          last: line + lineCount(text) - 1,
          mappings: module.mappings,
        });
        parts.push(text);
        line += lineCount(text);
      }
      const where = (stack?: string): string | undefined => {
        for (const match of (stack ?? "").matchAll(/quire-sandbox\.js:(\d+)(?::(\d+))?/g)) {
          const at = Number(match[1]);
          const range = ranges.find((candidate) => at >= candidate.first && at <= candidate.last);
          if (!range) continue;
          // The module's code starts on the line after its `__quireDefine(` header.
          const line = range.mappings
            ? originalLine(range.mappings, at - range.first, Math.max(0, Number(match[2] ?? 1) - 1))
            : undefined;
          return line ? `${range.id}:${line}` : range.id;
        }
        return undefined;
      };
      const setup = vm.evalCode(parts.join("\n"), "quire-sandbox.js");
      if (setup.error) {
        const failure = describe(vm.dump(setup.error));
        setup.error.dispose();
        return { ok: false, ...failure, where: where(failure.stack) };
      }
      setup.value.dispose();
      const render = vm.getProp(vm.global, "__quireRender");
      const args = [
        vm.newString(request.moduleId),
        vm.newString(request.exportName),
        vm.newString(JSON.stringify(request.props)),
        vm.newString(request.childrenHtml ?? ""),
      ];
      const result = vm.callFunction(render, vm.undefined, ...args);
      for (const handle of args) handle.dispose();
      render.dispose();
      if (result.error) {
        const failure = describe(vm.dump(result.error));
        result.error.dispose();
        return { ok: false, ...failure, where: where(failure.stack) };
      }
      const html = vm.typeof(result.value) === "string" ? vm.getString(result.value) : "";
      result.value.dispose();
      // Promises the component started (an `import()`, a `.then`) settle here, still within the limits.
      const pending = this.runtime.executePendingJobs(100);
      if (pending.error) pending.error.dispose();
      const refused = vm.dump(vm.getProp(vm.global, "__quireRefused")) as unknown;
      if (Array.isArray(refused) && refused.length > 0) {
        return {
          ok: false,
          reason: `it tried to load "${String(refused[0])}", which is not available in the sandbox`,
        };
      }
      return { ok: true, html };
    } catch (error) {
      // Out of memory inside the engine can surface as a host-side failure of the binding.
      return { ok: false, reason: (error as Error).message };
    } finally {
      try {
        vm.dispose();
      } catch {
        // A context that died of its memory limit may refuse a clean disposal; the runtime stays usable.
      }
      this.runtime.removeInterruptHandler();
    }
  }

  dispose(): void {
    this.runtime.dispose();
  }
}

function defineModule(module: CompiledModule): string {
  return `__quireDefine(${JSON.stringify(module.id)}, ${JSON.stringify(module.requires)}, function (exports, require, module) {\n${module.code}\n});`;
}

function lineCount(text: string): number {
  let count = 1;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1))
    count += 1;
  return count;
}

function describe(dumped: unknown): { reason: string; stack?: string } {
  if (dumped && typeof dumped === "object") {
    const error = dumped as { name?: string; message?: string; stack?: string };
    const name = error.name ?? "Error";
    const message = error.message ?? "";
    if (/interrupted/i.test(message)) return { reason: "it ran longer than the time limit" };
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
