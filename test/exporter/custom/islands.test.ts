import { describe, expect, it } from "vitest";
import { browserModule } from "../../../src/exporter/custom/browser-module.ts";
import { bundleUrl } from "../../../src/exporter/custom/client/bundle-url.ts";
import {
  AMBIENT_NAMES,
  ISLAND_DATA_ID,
  type IslandData,
} from "../../../src/exporter/custom/island-contract.ts";
import { collectSourceCandidates } from "../../../src/exporter/custom/tailwind.ts";
import type { ComponentMode } from "../../../src/exporter/export-options.ts";
import { resolveIcon } from "../../../src/exporter/icons/index.ts";
import type { RenderedBody } from "../../../src/exporter/mdx/rendered-page.ts";
import { renderBody } from "../../../src/exporter/render/render-body.ts";
import { RepoFiles } from "../../../src/exporter/site/repo-files.ts";
import type { DeploymentType } from "../../../src/exporter/site/types.ts";
import { makeRepo } from "../../helpers/temp-repo.ts";

async function render(
  files: Record<string, string>,
  mode: ComponentMode,
  options: { file?: string; deployment?: DeploymentType } = {},
): Promise<RenderedBody> {
  const file = options.file ?? "index.mdx";
  return renderBody({
    file,
    pagePath: file.replace(/\.mdx$/, ""),
    environment: {
      repo: new RepoFiles(makeRepo(files)),
      deployment: options.deployment ?? "cloud",
      pageExists: () => true,
      icon: (name, iconOptions) => resolveIcon(name, iconOptions, "fontawesome"),
      customComponents: mode,
    },
  });
}

function islandData(html: string): IslandData {
  const match = new RegExp(
    `<script type="application/json" id="${ISLAND_DATA_ID}">(.*?)</script>`,
  ).exec(html);
  if (!match) throw new Error("the page has no island data");
  return JSON.parse(match[1] as string) as IslandData;
}

const SITE = {
  "index.mdx": [
    "import { Related } from '/snippets/related.jsx';",
    "",
    "export const Counter = ({ start }) => {",
    "  const [count, setCount] = useState(start);",
    "  return <button onClick={() => setCount(count + 1)}>Clicked {count} times</button>;",
    "};",
    "",
    "<Counter start={2} />",
    "",
    "<Related links={[{ label: 'Setup', href: '/setup', badge: 'New' }]}>",
    "Read **these** first.",
    "</Related>",
    "",
  ].join("\n"),
  "snippets/related.jsx": [
    'import { Badge } from "./badge.jsx";',
    "export const Related = ({ links, children }) => (",
    "  <section>{children}<ul>{links.map((link) => <li><a href={link.href}>{link.label}</a><Badge text={link.badge} /></li>)}</ul></section>",
    ");",
  ].join("\n"),
  "snippets/badge.jsx":
    'export const Badge = ({ text }) => <span className={text ? "badge-on" : "badge-off"}>{text}</span>;\n',
};

describe("interactive components: what a page ships for the browser", () => {
  it("marks each rendered instance as an island and lists its module, export, props and children", async () => {
    const body = await render(SITE, "interactive");
    expect(body.problems).toEqual([]);
    expect(body.html).toContain(
      '<div class="custom-component" data-component="Counter" data-quire-island="0"><button>Clicked 2 times</button></div>',
    );
    expect(body.html).toContain(
      '<div class="custom-component" data-component="Related" data-quire-island="1"><section><div class="quire-children"><p>Read <strong>these</strong> first.</p></div><ul><li><a href="setup.html">Setup</a><span class="badge-on">New</span></li></ul></section></div>',
    );
    const data = islandData(body.html);
    expect(data.islands).toEqual([
      { module: "index.mdx", export: "Counter", props: { start: 2 } },
      {
        module: "snippets/related.jsx",
        export: "Related",
        props: { links: [{ label: "Setup", href: "/setup", badge: "New" }] },
        children: "<p>Read <strong>these</strong> first.</p>",
      },
    ]);
    expect(Object.keys(data.modules)).toEqual([
      "index.mdx",
      "snippets/badge.jsx",
      "snippets/related.jsx",
    ]);
    expect(data.airGapped).toBeUndefined();
    const modules = body.islandModules ?? [];
    expect(modules.map((module) => module.key).sort()).toEqual(Object.values(data.modules).sort());
    for (const module of modules) {
      expect(module.path).toBe(`_quire/components/${module.key}.js`);
      expect(module.script).toMatch(/^__quireIslands\.define\("[0-9a-f]{16}",/);
    }
  });

  it("renders the same HTML with no island data, module or marker in static mode", async () => {
    const body = await render(SITE, "static");
    expect(body.html).toContain('<div class="custom-component" data-component="Counter"><button>');
    expect(body.html).not.toContain("data-quire-island");
    expect(body.html).not.toContain(ISLAND_DATA_ID);
    expect(body.islandModules).toBeUndefined();
  });

  it("keeps a component that failed to render out of the browser's list", async () => {
    const body = await render(
      {
        "index.mdx":
          "export const Broken = () => { throw new Error('no'); };\nexport const Fine = () => <p>fine</p>;\n\n<Broken />\n\n<Fine />\n",
      },
      "interactive",
    );
    expect(body.html).toContain('<div class="custom-component-error" data-component="Broken">');
    expect(body.html).toContain('data-component="Fine" data-quire-island="0"><p>fine</p>');
    expect(islandData(body.html).islands).toEqual([
      { module: "index.mdx", export: "Fine", props: {} },
    ]);
  });

  it("escapes props so that no text can close the data's script element", async () => {
    const body = await render(
      {
        "index.mdx":
          'export const Say = ({ text }) => <p>{text}</p>;\n\n<Say text="</script><script>alert(1)</script><!--" />\n',
      },
      "interactive",
    );
    const script = body.html.slice(body.html.indexOf(`id="${ISLAND_DATA_ID}"`));
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain("<!--");
    expect(islandData(body.html).islands[0]?.props.text).toBe(
      "</script><script>alert(1)</script><!--",
    );
  });

  it("passes Quire's own HTML of the children to the browser as it is, icons included", async () => {
    const body = await render(
      {
        "index.mdx":
          "export const Box = ({ children }) => <section>{children}</section>;\n\n<Box>\n  <Note>Careful.</Note>\n</Box>\n",
      },
      "interactive",
    );
    const children = islandData(body.html).islands[0]?.children ?? "";
    expect(children).toContain('<div class="callout callout-note"');
    expect(children).toMatch(/<svg[^>]*><path /);
    expect(body.html).toContain(`<section><div class="quire-children">${children}</div></section>`);
  });

  it("tells the runtime when the page is air-gapped", async () => {
    const body = await render(SITE, "interactive", { deployment: "air-gapped" });
    expect(islandData(body.html).airGapped).toBe(true);
  });

  it("gives identical component code on different pages one shared module file", async () => {
    const page = "export const Hello = ({ name }) => <p>Hello {name}</p>;\n\n";
    const files = {
      "a.mdx": `${page}<Hello name="A" />\n`,
      "b.mdx": `${page}<Hello name="B" />\n`,
    };
    const a = await render(files, "interactive", { file: "a.mdx" });
    const b = await render(files, "interactive", { file: "b.mdx" });
    expect(a.islandModules?.map((module) => module.path)).toEqual(
      b.islandModules?.map((module) => module.path),
    );
    expect(islandData(a.html).modules).toEqual({ "a.mdx": a.islandModules?.[0]?.key });
    expect(islandData(b.html).modules).toEqual({ "b.mdx": b.islandModules?.[0]?.key });
  });
});

describe("the code the browser runs", () => {
  it("wraps a module in a function whose parameters are the names components use without an import", () => {
    const module = browserModule({ id: "x.jsx", code: "module.exports.a = 1;", requires: {} });
    expect(module.script).toContain(
      `function(exports,require,module,${AMBIENT_NAMES.join(",")}){"use strict";`,
    );
    const other = browserModule({ id: "y.jsx", code: "module.exports.a = 1;", requires: {} });
    expect(other.key).toBe(module.key);
    expect(
      browserModule({ id: "x.jsx", code: "module.exports.a = 1;", requires: { "./b": "b.jsx" } })
        .key,
    ).not.toBe(module.key);
  });

  it("defines every one of those names in the sandbox too, so a component sees the same in both", async () => {
    const uses = AMBIENT_NAMES.map((name) => `${name}: typeof ${name}`).join(", ");
    const body = await render(
      {
        "index.mdx": `export const Probe = () => <pre>{JSON.stringify({ ${uses} })}</pre>;\n\n<Probe />\n`,
      },
      "static",
    );
    expect(body.problems).toEqual([]);
    const types = JSON.parse(
      (/<pre>(.*)<\/pre>/.exec(body.html)?.[1] ?? "{}").replaceAll("&#x22;", '"'),
    ) as Record<string, string>;
    for (const name of AMBIENT_NAMES) expect(types[name], name).not.toBe("undefined");
  });

  it("turns URLs a component computes into the bundle's relative page files", () => {
    expect(bundleUrl("/guides/intro", "../")).toBe("../guides/intro.html");
    expect(bundleUrl("/guides/intro#step-2", "../")).toBe("../guides/intro.html#step-2");
    expect(bundleUrl("/guides/", "")).toBe("guides/index.html");
    expect(bundleUrl("/", "../../")).toBe("../../index.html");
    expect(bundleUrl("quickstart?tab=js", "")).toBe("quickstart.html");
    expect(bundleUrl("/images/logo.png", "../")).toBe("../images/logo.png");
    for (const kept of [
      "https://example.com/a",
      "//cdn.example.com/x.js",
      "#top",
      "mailto:a@b.c",
      "",
    ])
      expect(bundleUrl(kept, "../")).toBe(kept);
  });

  it("finds the class names a component may switch to in its source", () => {
    const source =
      'h("p", { className: open ? "bg-red-500 dark:bg-blue-500" : "hidden min-w-[4rem]" }, `badge-${kind} px-2`, "Hello world!")';
    const candidates = collectSourceCandidates(source);
    for (const name of ["bg-red-500", "dark:bg-blue-500", "hidden", "min-w-[4rem]", "px-2"])
      expect(candidates).toContain(name);
    expect(candidates).not.toContain("");
    expect(candidates.every((name) => !/\s/.test(name))).toBe(true);
  });
});
