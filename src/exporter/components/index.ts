import { Note } from "./callouts.ts";
import type { Component } from "./types.ts";

const registry: Record<string, Component> = {
  Note,
};

/** The component for a JSX element name, or undefined when Quire has none by that name. */
export function getComponent(name: string): Component | undefined {
  return Object.hasOwn(registry, name) ? registry[name] : undefined;
}

export function componentNames(): string[] {
  return Object.keys(registry).sort();
}
