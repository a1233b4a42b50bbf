import type { Props, PropValue } from "./types.ts";

/** Reads a prop as text (numbers become text); undefined when absent or not text. */
export function text(props: Props, name: string): string | undefined {
  const value = props[name];
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return undefined;
}

/** Reads a boolean prop: `flag`, `flag={true}` and `flag="true"` are true. */
export function flag(props: Props, name: string): boolean {
  const value = props[name];
  return value === true || value === "true" || (typeof value === "string" && value === "");
}

export function number(props: Props, name: string): number | undefined {
  const value: PropValue = props[name];
  const parsed =
    typeof value === "number" ? value : typeof value === "string" ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A CSS colour value safe to put in a style attribute, or undefined. */
export function color(props: Props, name: string): string | undefined {
  const value = text(props, name)?.trim();
  return value &&
    /^(#[0-9a-f]{3,8}|[a-z]+|(rgb|hsl)a?\([\d\s.,%/deg]+\)|var\(--[\w-]+\))$/i.test(value)
    ? value
    : undefined;
}

/** A slug usable as an id: `Getting started!` → `getting-started`. */
export function slug(value: string): string {
  return (
    value
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "") || "section"
  );
}
