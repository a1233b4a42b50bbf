import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveIcon } from "../../../src/exporter/icons/index.ts";
import { renderBody } from "../../../src/exporter/render/render-body.ts";
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
      '<div class="custom-component" data-component="Counter"><div style="margin-top:8px"><button>Clicked 3 times</button><em>6</em><div class="quire-children">Some <strong>bold</strong> words</div></div></div>',
    );
  });

  it("renders class components and React's element helpers as React does", async () => {
    const body = await renderPage({
      "index.mdx": [
        "import React, { Children, cloneElement, isValidElement } from 'react';",
        "",
        "export class Greeting extends React.Component {",
        '  render() { return <p className="greeting">Hello {this.props.name}</p>; }',
        "}",
        "export const Numbered = () => {",
        "  const items = [<li>one</li>, null, [<li>two</li>]];",
        "  return <ol>{Children.map(Children.toArray(items), (item, index) => isValidElement(item) ? cloneElement(item, { 'data-n': index + 1 }) : item)}</ol>;",
        "};",
        "export const Bold = React.memo(({ text }) => <b>{text}</b>);",
        "",
        '<Greeting name="Ada" />',
        "",
        "<Numbered />",
        "",
        '<Bold text="memoized" />',
        "",
      ].join("\n"),
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toContain("<b>memoized</b>");
    expect(body.html).toContain('<p class="greeting">Hello Ada</p>');
    expect(body.html).toContain('<ol><li data-n="1">one</li><li data-n="2">two</li></ol>');
  });

  it("renders SVG with SVG's element and attribute names (strokeWidth as stroke-width), and HTML a component sets itself", async () => {
    const body = await renderPage({
      "index.mdx": [
        "export const Logo = () => (",
        '  <svg viewBox="0 0 10 10" strokeWidth="2"><defs><linearGradient id="g" /></defs><path d="M0 0h10" /></svg>',
        ");",
        "export const Raw = () => <div dangerouslySetInnerHTML={{ __html: '<em>set</em> by hand' }} />;",
        "",
        "<Logo />",
        "",
        "<Raw />",
        "",
      ].join("\n"),
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toContain(
      '<svg viewBox="0 0 10 10" stroke-width="2"><defs><linearGradient id="g"></linearGradient></defs><path d="M0 0h10"></path></svg>',
    );
    expect(body.html).toContain("<div><em>set</em> by hand</div>");
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

  it("renders Mintlify's components used inside a component (<Note>, <Card>, <Icon>, <Tree.Folder>) as Quire renders them in a page", async () => {
    const body = await renderPage(
      {
        "index.mdx": [
          "import { Links } from '/snippets/links.jsx';",
          "",
          "<Links items={[{ title: 'Quickstart', href: '/quickstart', icon: 'rocket' }]}>",
          "Some **intro**",
          "</Links>",
          "",
        ].join("\n"),
        "quickstart.mdx": "# Quickstart\n",
        "snippets/links.jsx": [
          "export const Links = ({ items, children }) => (",
          '  <div className="links">',
          "    <Note>Read <b>these</b> {children}</Note>",
          "    <Columns cols={2}>",
          '      {items.map((item) => <Card key={item.href} title={item.title} href={item.href} icon={item.icon} onClick={() => 1}><Icon icon="check" /> go</Card>)}',
          "    </Columns>",
          '    <Tree><Tree.Folder name="app" defaultOpen><Tree.File name="main.ts" /></Tree.Folder></Tree>',
          '    <CodeBlock language="js" filename="setup.js" lines highlight="[2]">{`const a = 1;\nconst b = ${items.length};`}</CodeBlock>',
          '    <div data-quire-builtin="0:0">not a placeholder</div>',
          "  </div>",
          ");",
        ].join("\n"),
      },
      "index.mdx",
    );
    expect(body.problems).toEqual([]);
    const html = body.html;
    expect(html).toMatch(
      /<div class="callout callout-note" role="note"[^>]*>.*<div class="callout-content">Read <b>these<\/b> <div class="quire-children"><p>Some <strong>intro<\/strong><\/p><\/div><\/div><\/div>/,
    );
    // Props from data: the card's link is rewritten like a page's, its icon drawn.
    expect(html).toMatch(
      /<div class="card-group cols-2"><a class="card card-link" href="quickstart.html">.*icon-rocket.*<p class="card-title">Quickstart<\/p><div class="card-body"><span class="inline-icon"><svg[^>]*icon-check.*<\/span> go<\/div>/,
    );
    expect(html).toMatch(
      /<li class="tree-folder" role="treeitem"><details open><summary>.*app<\/summary>.*main\.ts<\/li>/,
    );
    // <CodeBlock> (Mintlify's component for code built in a component) is a fenced block.
    expect(html).toMatch(
      /<div class="code-block[^"]*"[^>]*>.*<span class="code-title">setup.js<\/span>/,
    );
    expect(html).toMatch(/class="line highlighted"[^>]*>.*const.*b.*1/);
    // A component cannot forge a placeholder: its own element stays an element.
    expect(html).toContain('<div data-quire-builtin="0:0">not a placeholder</div>');
    // Interactive mode hydrates no such component: the browser has no Mintlify components.
    expect(html).not.toContain("data-quire-island");
  });

  it("gives a component the components and data that props name by variable: page components, and exports of .jsx files", async () => {
    const body = await renderPage(
      {
        "index.mdx": [
          "import { Playground } from '/snippets/playground.jsx';",
          "import { features, Fancy } from '/snippets/data.jsx';",
          "",
          "export const Plain = ({ text }) => <code>{text}</code>;",
          "",
          "<Playground CodeBlock={Plain} items={features} />",
          "",
          "<Playground CodeBlock={Fancy} items={[{ name: 'literal' }]} />",
          "",
        ].join("\n"),
        "snippets/playground.jsx":
          "export const Playground = ({ CodeBlock, items }) => <ul>{items.map((item) => <li key={item.name}><CodeBlock text={item.name} /></li>)}</ul>;\n",
        "snippets/data.jsx": [
          "export const features = [{ name: 'search' }, { name: 'export' }];",
          "export const Fancy = ({ text }) => <strong>{text.toUpperCase()}</strong>;",
        ].join("\n"),
      },
      "index.mdx",
    );
    expect(body.problems).toEqual([]);
    expect(body.html).toContain(
      "<ul><li><code>search</code></li><li><code>export</code></li></ul>",
    );
    expect(body.html).toContain("<ul><li><strong>LITERAL</strong></li></ul>");
    expect([...body.dependencies].sort()).toEqual(["snippets/data.jsx", "snippets/playground.jsx"]);
  });

  it("gives a component the value a prop computes (rows={methods()}), with the literal values it reads", async () => {
    const body = await renderPage(
      {
        "index.mdx": [
          "import { methods, Table } from '/snippets/table.jsx';",
          "",
          "export const label = 'Method';",
          "",
          "<Table rows={methods()} label={label.toUpperCase()} />",
          "",
          "<Table rows={methods().slice(1)} label={`${label}s`} />",
          "",
          "<Table rows={missing()} label='Broken' />",
          "",
        ].join("\n"),
        "snippets/table.jsx": [
          "export const methods = () => [{ name: 'connect' }, { name: 'disconnect' }];",
          "export const Table = ({ rows, label }) => <ul>{rows.map((row) => <li key={row.name}>{label}: {row.name}</li>)}</ul>;",
        ].join("\n"),
      },
      "index.mdx",
    );
    expect(body.html).toContain("<ul><li>METHOD: connect</li><li>METHOD: disconnect</li></ul>");
    expect(body.html).toContain("<ul><li>Methods: disconnect</li></ul>");
    // A prop whose code fails fails its instance, at its line, like any render.
    expect(body.html).toContain('class="custom-component-error" data-component="Table"');
    expect(body.problems).toEqual([
      expect.objectContaining({
        line: 9,
        message: expect.stringMatching(
          /^component <Table> on page "index" was not rendered: .*missing/,
        ),
      }),
    ]);
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
