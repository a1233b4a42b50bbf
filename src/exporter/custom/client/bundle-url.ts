/**
 * A URL a component computes in the browser, as Mintlify reads it, turned into one that works
 * in the bundle as Quire's own links do: `/guides/intro` is the page file `guides/intro.html`
 * from the site root (`root` is the page's `../` prefix), on any host and from disk; a path with
 * an extension names a file; with clean URLs (`clean`) the page is `guides/intro/index.html`.
 * URLs of other hosts, other schemes and anchors are kept as they are.
 */
export function bundleUrl(value: string, root: string, clean = false): string {
  if (
    value === "" ||
    value.startsWith("#") ||
    value.startsWith("//") ||
    /^[a-z][a-z0-9+.-]*:/i.test(value)
  )
    return value;
  const cut = value.search(/[?#]/);
  const path = cut < 0 ? value : value.slice(0, cut);
  const suffix = cut < 0 ? "" : value.slice(cut).replace(/^\?[^#]*/, "");
  const last = path.slice(path.lastIndexOf("/") + 1);
  const file =
    last === ""
      ? `${path}index.html`
      : /\.[a-z0-9]+$/i.test(last)
        ? path
        : clean && last !== "index"
          ? `${path}/index.html`
          : `${path}.html`;
  return (file.startsWith("/") ? root + file.replace(/^\/+/, "") : file) + suffix;
}
