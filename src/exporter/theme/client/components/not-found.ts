/**
 * docs.json `errors.404.redirect`: the 404 page sends the reader on to the home page. Its link
 * has the site root by now (the base the page's first script set, or the home link's probe).
 */
export function setup(root: Document): void {
  const html = root.documentElement;
  if (html.dataset.notFoundRedirect !== "true") return;
  const home = root.querySelector<HTMLAnchorElement>("[data-quire-home]");
  if (home) location.replace(home.href);
}
