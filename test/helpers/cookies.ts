/**
 * A Set-Cookie line's attributes as a browser reads them, whatever their order: lowercase,
 * sorted, `max-age` without its number (a lifetime is checked on its own).
 */
export function cookieAttributes(line: string): string[] {
  return line
    .split(";")
    .slice(1)
    .map((attribute) =>
      attribute
        .trim()
        .toLowerCase()
        .replace(/^max-age=\d+$/, "max-age"),
    )
    .sort();
}
