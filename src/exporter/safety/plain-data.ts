/**
 * Removes every `"__proto__"` key from parsed data (YAML or JSON readers keep it as an ordinary
 * key), in place; returns how many went. Copied into an object by assignment, such a key would
 * become that object's prototype, and its values would apply where nobody wrote them.
 * Iterative, so no nesting depth can overflow the stack.
 */
export function dropPrototypeKeys(value: unknown): number {
  let dropped = 0;
  const pending: unknown[] = [value];
  const seen = new Set<object>();
  while (pending.length > 0) {
    const item = pending.pop();
    if (!item || typeof item !== "object" || seen.has(item)) continue;
    seen.add(item);
    if (Object.hasOwn(item, "__proto__")) {
      delete (item as Record<string, unknown>).__proto__;
      dropped++;
    }
    for (const child of Object.values(item))
      if (child && typeof child === "object") pending.push(child);
  }
  return dropped;
}
