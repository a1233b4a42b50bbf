import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveIcon } from "../../../src/exporter/icons/index.ts";
import { renderBody } from "../../../src/exporter/mdx/render-body.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import { renderPage } from "../../helpers/render-page.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

const RELATED = `
const badgeClass = (kind) => \`badge badge-\${kind.toLowerCase()}\`;
function label(link) {
  return link.title.trim();
}
export const RelatedLinks = ({ heading, links }) => (
  <nav className="related">
    <h3>{heading ?? "Related"}</h3>
    <ul>
      {links.map((link) => (
        <li key={link.href}>
          <a href={link.href}>{label(link)}</a>
          {link.badges?.map((badge) => <span className={badgeClass(badge)}>{badge}</span>)}
        </li>
      ))}
    </ul>
  </nav>
);
`;

describe("rendering repository components in the sandbox", () => {
  it("renders a related-links snippet driven by an array prop: every label and badge is in the static HTML", async () => {
    const body = await renderPage(
      {
        "guides/index.mdx": [
          "import { RelatedLinks } from '/snippets/related.jsx';",
          "",
          "<RelatedLinks heading=\"See also\" links={[{ title: 'Quickstart', href: '/quickstart', badges: ['New', 'Beta'] }, { title: ' Limits & quotas ', href: 'https://example.com/limits', badges: [] }]} />",
          "",
        ].join("\n"),
        "snippets/related.jsx": RELATED,
      },
      "guides/index.mdx",
    );
    expect(body.problems).toEqual([]);
    expect(body.html).toContain(
      '<div class="custom-component" data-component="RelatedLinks"><nav class="related"><h3 id="see-also">See also',
    );
    expect(body.html).toContain(
      '<a href="../quickstart.html">Quickstart</a><span class="badge badge-new">New</span><span class="badge badge-beta">Beta</span>',
    );
    expect(body.html).toContain('<a href="https://example.com/limits">Limits &#x26; quotas</a>');
    expect(body.dependencies).toEqual(["snippets/related.jsx"]);
  });

  it("renders an inline `export const` component with hooks at their initial state, and its children", async () => {
    const body = await renderPage({
      "index.mdx": [
        "export const Counter = ({ start, children }) => {",
        "  const [count, setCount] = useState(start);",
        "  const doubled = useMemo(() => count * 2, [count]);",
        "  const ref = useRef(null);",
        "  useEffect(() => { setCount(99); }, []);",
        "  return <div ref={ref} style={{ marginTop: 8 }}><button onClick={() => setCount(count + 1)}>Clicked {count} times</button><em>{doubled}</em>{children}</div>;",
        "};",
        "",
        "<Counter start={3}>Some **bold** words</Counter>",
        "",
      ].join("\n"),
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toBe(
      '<div class="custom-component" data-component="Counter"><div style="margin-top:8px"><button>Clicked 3 times</button><em>6</em>Some <strong>bold</strong> words</div></div>',
    );
  });

  it("names the line of the snippet file a component threw on", async () => {
    const body = await renderPage({
      "index.mdx":
        "import { Names } from '/snippets/names.jsx';\n\n<Names items={[{ name: 'a' }, {}]} />\n",
      "snippets/names.jsx":
        "const upper = (items) => {\n  const list = [];\n  for (const item of items) {\n    list.push(item.name.toUpperCase());\n  }\n  return list;\n};\nexport const Names = ({ items }) => <p>{upper(items).join(', ')}</p>;\n",
    });
    expect(body.problems).toEqual([
      expect.objectContaining({
        rule: "custom-component",
        file: "index.mdx",
        line: 3,
        message: expect.stringContaining(
          "cannot read property 'toUpperCase' of undefined (at snippets/names.jsx:4)",
        ),
      }),
    ]);
  });

  it("leaves an empty placeholder and a warning when components are turned off", async () => {
    const body = await renderBody({
      file: "index.mdx",
      pagePath: "index",
      environment: {
        repo: new RepoFiles(
          makeRepo({ "index.mdx": "export const Hello = () => <p>hello</p>;\n\n<Hello />\n" }),
        ),
        deployment: "cloud",
        pageExists: () => true,
        icon: (name, options) => resolveIcon(name, options, "fontawesome"),
        customComponents: "off",
      },
    });
    expect(body.html).toBe('<div class="quire-placeholder" data-component="Hello"></div>');
    expect(body.problems).toEqual([expect.objectContaining({ rule: "code-component", line: 3 })]);
  });

  it("sanitizes what a component produces: no script, no event handler, no javascript: URL", async () => {
    const body = await renderPage({
      "index.mdx":
        "export const Bad = () => <div><script>alert(1)</script><a href=\"javascript:alert(1)\">x</a><p dangerouslySetInnerHTML={{ __html: '<img src=x onerror=alert(1)>' }} /></div>;\n\n<Bad />\n",
    });
    expect(body.html).not.toMatch(/script|onerror|javascript:/);
  });
});

describe("hostile components", () => {
  let requests = 0;
  let port = 0;
  const server = createServer((_request, response) => {
    requests += 1;
    response.end("export const x = 1;");
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const hostile: Record<string, string> = {
    Loop: "() => { while (true) {} }",
    Huge: "() => { const items = new Array(1e9).fill(0); return <p>{items.length}</p>; }",
    Doubling: "() => { let text = 'x'; for (;;) text += text; }",
    Env: "() => <p>{process.env.HOME}</p>",
    Fs: "() => { require('fs').writeFileSync('/tmp/quire-sandbox-escape', 'x'); return <p>written</p>; }",
    Fetch: "() => { fetch(URL); return <p>fetched</p>; }",
    DynamicImport: "() => { import(URL); return <p>imported</p>; }",
    Recursion: "() => { const deeper = (n) => deeper(n + 1) + 1; return <p>{deeper(0)}</p>; }",
    Throws: "() => { throw new Error('broken on purpose'); }",
  };

  it("contains each one in a marked placeholder with a warning naming it, the page and the reason, and the page goes on", async () => {
    const names = Object.keys(hostile);
    const source = [
      ...Object.entries(hostile).map(
        ([name, body]) =>
          `export const ${name} = ${body.replaceAll("URL", `"http://127.0.0.1:${port}/x.js"`)};`,
      ),
      "export const Fine = ({ word }) => <p>{word}</p>;",
      "",
      ...names.map((name) => `<${name} />`),
      "",
      '<Fine word="still here" />',
      "",
    ].join("\n");
    const started = Date.now();
    const body = await renderPage({ "index.mdx": source });
    expect(Date.now() - started).toBeLessThan(15_000);
    for (const name of names) {
      expect(body.html).toContain(
        `<div class="custom-component-error" data-component="${name}">Component ${name} could not be rendered`,
      );
      expect(body.problems).toContainEqual(
        expect.objectContaining({
          severity: "warning",
          rule: "custom-component",
          file: "index.mdx",
          message: expect.stringMatching(
            new RegExp(`^component <${name}> on page "index" was not rendered: `),
          ),
        }),
      );
    }
    const reasons = Object.fromEntries(
      body.problems.map((problem) => [/<(\w+)>/.exec(problem.message)?.[1], problem.message]),
    );
    expect(reasons.Loop).toContain("time limit");
    expect(reasons.Huge).toContain("memory");
    expect(reasons.Env).toContain("'process' is not defined");
    expect(reasons.Fs).toContain('"fs"');
    expect(reasons.Fetch).toContain("'fetch' is not defined");
    expect(reasons.DynamicImport).toContain(`http://127.0.0.1:${port}/x.js`);
    expect(reasons.Recursion).toContain("stack");
    expect(reasons.Throws).toContain("broken on purpose (at index.mdx:9)");
    expect(body.html).toContain(
      '<div class="custom-component" data-component="Fine"><p>still here</p></div>',
    );
    expect(existsSync("/tmp/quire-sandbox-escape")).toBe(false);
    expect(requests).toBe(0);
  });

  it("refuses a prototype-pollution attempt (the sandbox's built-ins are frozen) and leaves the host and later renders untouched", async () => {
    const body = await renderPage({
      "index.mdx": [
        "export const Polluter = () => { Object.prototype.polluted = 'yes'; Array.prototype.map = () => []; return <p>{({}).polluted}</p>; };",
        "export const Reader = () => <p>{String(({}).polluted)} {[1, 2].map((n) => n * 2).join(',')}</p>;",
        "",
        "<Polluter />",
        "",
        "<Reader />",
        "",
      ].join("\n"),
    });
    expect(body.html).toContain('<div class="custom-component-error" data-component="Polluter">');
    expect(body.problems).toEqual([
      expect.objectContaining({
        rule: "custom-component",
        message: expect.stringContaining("<Polluter>"),
      }),
    ]);
    expect(body.html).toContain("<p>undefined 2,4</p>");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect([1].map((n) => n + 1)).toEqual([2]);
  });
});
