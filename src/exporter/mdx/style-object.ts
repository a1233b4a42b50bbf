/** Converts a JSX `style={{ fontSize: 12 }}` object to CSS text. */
export function styleObjectToCss(style: Record<string, unknown>): string {
  return Object.entries(style)
    .filter(([, value]) => typeof value === "string" || typeof value === "number")
    .map(([key, value]) => {
      const property = key.startsWith("--")
        ? key
        : key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
      const text =
        typeof value === "number" && value !== 0 && !UNITLESS.has(key)
          ? `${value}px`
          : String(value);
      return `${property}:${text}`;
    })
    .join(";");
}

const UNITLESS = new Set([
  "opacity",
  "zIndex",
  "fontWeight",
  "lineHeight",
  "flex",
  "flexGrow",
  "flexShrink",
  "order",
  "zoom",
]);
