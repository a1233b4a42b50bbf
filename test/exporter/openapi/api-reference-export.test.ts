import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../../src/exporter/export-site.ts";
import { ExportFailedError } from "../../../src/exporter/problems.ts";
import { makeRepo, makeTempDir } from "../../helpers/temp-repo.ts";

const SAMPLE = path.resolve("examples/api-docs");

function read(directory: string, file: string): string {
  return readFileSync(path.join(directory, file), "utf8");
}

/** The text of an element found by a class, without tags: what a reader sees of it. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x([0-9a-f]+);/gi, (_entity, code: string) =>
      String.fromCodePoint(Number.parseInt(code, 16)),
    )
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The part of a page between the heading `title` (an h2) and the next h2. */
function sectionOf(html: string, title: string): string {
  const start = html.search(new RegExp(`<h2[^>]*>${title}`));
  expect(start, `section "${title}"`).toBeGreaterThan(-1);
  const rest = html.slice(start + 4);
  const end = rest.search(/<h2[\s>]/);
  return end === -1 ? rest : rest.slice(0, end);
}

function sidebarOf(html: string): string {
  const match = /<nav[^>]*class="sidebar[\s\S]*?<\/nav>/.exec(html);
  return match ? match[0] : html;
}

function playgroundData(html: string): Record<string, unknown> | undefined {
  const match =
    /<script type="application\/json" class="api-playground-data">([\s\S]*?)<\/script>/.exec(html);
  return match ? JSON.parse(match[1] as string) : undefined;
}

describe("API reference pages from the sample's OpenAPI 3.1 specification", () => {
  let site: string;
  let pageCount: number;
  let warnings: string[];

  beforeAll(async () => {
    // One export for every test of this block: a folder of its own, removed after them all.
    const root = mkdtempSync(path.join(os.tmpdir(), "quire-api-"));
    site = path.join(root, "site");
    const result = await exportSite({ sourceDir: SAMPLE, outputDir: site });
    pageCount = result.pageCount;
    warnings = result.warnings.map((warning) => `${warning.file} ${warning.message}`);
    return () => rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it("generates a page per operation and webhook, grouped by tag in the specification's order, titled by summary", () => {
    expect(warnings).toEqual([]);
    const generated = readdirSync(path.join(site, "api-reference"), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith(".html"))
      .sort();
    expect(generated).toHaveLength(26);
    expect(generated).toEqual(
      expect.arrayContaining([
        "projects/list-projects.html",
        "tasks/create-a-task.html",
        "tasks/task-completed.html",
        "projects/project-archived.html",
        "auth/get-an-access-token.html",
        "users/internal-metrics.html",
      ]),
    );
    // x-excluded: no page at all.
    expect(generated.some((file) => file.includes("debug"))).toBe(false);
    expect(pageCount).toBe(29);

    // A page only the API reference tab lists (the Guides tab lists a few popular ones too).
    const html = read(site, "api-reference/projects/get-a-project.html");
    expect(html).toContain('<h1 id="page-title" class="page-title">Get a project</h1>');
    const sidebar = visibleText(sidebarOf(html));
    const groups = [
      "Projects",
      "Tasks",
      "Comments",
      "Users",
      "Files",
      "Notifications",
      "Authentication",
    ];
    const positions = groups.map((group) => sidebar.indexOf(` ${group} `));
    expect(
      positions.every((position) => position > -1),
      sidebar,
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(sidebar.indexOf("List projects")).toBeLessThan(sidebar.indexOf("Create a project"));
    // Method badges before titles; x-hidden pages stay out of the navigation.
    expect(sidebarOf(html)).toMatch(
      /<span class="nav-method method-nav-pill nav-method-get">GET<\/span><span>List projects<\/span>/,
    );
    expect(sidebarOf(html)).toMatch(/nav-method-webhook">HOOK<\/span><span>Task completed/);
    expect(sidebar).not.toContain("Internal metrics");
  });

  it("turns endpoint entries into links to the operations' pages, in place among the other pages", () => {
    const html = read(site, "index.html");
    const sidebar = sidebarOf(html);
    expect(sidebar).toContain('href="api-reference/projects/list-projects.html"');
    expect(sidebar).toContain('href="api-reference/tasks/create-a-task.html"');
    expect(sidebar).toContain('href="api-reference/tasks/task-completed.html"');
    const text = visibleText(sidebar);
    expect(text.indexOf("Popular endpoints")).toBeLessThan(text.indexOf("List projects"));
  });

  it("shows method, servers, description, authorizations and parameters by location", () => {
    const html = read(site, "api-reference/tasks/list-tasks.html");
    expect(html).toMatch(
      /<span class="api-method api-method-get">GET<\/span><code class="api-path">\/projects\/\{projectId\}\/tasks<\/code>/,
    );
    const servers = visibleText(/<ul class="api-servers"[\s\S]*?<\/ul>/.exec(html)?.[0] ?? "");
    expect(servers).toContain("https://eu.api.lumen-tasks.example/v2 Production");
    expect(servers).toContain("https://sandbox.lumen-tasks.example/v2 Sandbox");

    const auth = visibleText(sectionOf(html, "Authorizations"));
    expect(auth).toContain("Any one of these authorizations is accepted");
    expect(auth).toContain("Authorization string header");
    expect(auth).toContain(
      "Bearer authentication header of the form Bearer <token>, where <token> is your JWT token",
    );
    expect(auth).toContain("X-Api-Key string header");

    expect(visibleText(sectionOf(html, "Path parameters"))).toContain(
      "projectId string required The project's id.",
    );
    const query = visibleText(sectionOf(html, "Query parameters"));
    expect(query).toContain("status string[] Only tasks in these states.");
    expect(query).toContain(
      "sort string Default: created Available options: created , priority".replace(
        "created , priority",
        "created , due , priority",
      ),
    );
    expect(query).toContain("limit integer Default: 20 How many items to return.");
    expect(visibleText(sectionOf(html, "Headers"))).toContain(
      "X-Request-Id string<uuid> Your id for this request, echoed in logs.",
    );
  });

  it("shows request bodies with nested objects collapsed, readOnly fields left out, allOf merged", () => {
    const html = read(site, "api-reference/projects/create-a-project.html");
    const body = sectionOf(html, "Body");
    const text = visibleText(body);
    expect(text).toContain("application/json required");
    expect(text).toContain("name string required The project's name.");
    expect(text).toContain(
      "visibility string Default: team Available options: private , team , public",
    );
    expect(text).toContain("Constraints: length 1–120");
    // A nested object is behind a toggle, with its own nested object inside.
    expect(body).toMatch(
      /<details class="expandable schema-children"><summary class="expandable-summary">Show child attributes<\/summary>[\s\S]*defaultAssignee[\s\S]*reminders[\s\S]*hoursBeforeDue/,
    );
    // The response has the allOf parts merged: the input's fields and the read-only ones.
    const response = visibleText(sectionOf(html, "Response"));
    expect(response).toContain("201 The project was created.");
    expect(response).toMatch(/name string required[\s\S]*id string required read-only/);
    expect(text).not.toContain("read-only");
  });

  it("shows oneOf options with their discriminator, recursion named instead of repeated, writeOnly out of responses", () => {
    const channel = read(site, "api-reference/notifications/add-a-notification-channel.html");
    const body = sectionOf(channel, "Body");
    expect(visibleText(body)).toContain("One of these (chosen by type )");
    expect(body).toMatch(
      /<details class="expandable schema-variant" open><summary class="expandable-summary">Email<\/summary>/,
    );
    expect(body).toMatch(/<summary class="expandable-summary">Slack<\/summary>[\s\S]*webhookUrl/);
    expect(visibleText(body)).toContain(
      "secret string write-only Signs each delivery (HMAC-SHA256).",
    );
    expect(visibleText(sectionOf(channel, "Response"))).not.toContain("secret");

    const comments = read(site, "api-reference/comments/list-comments.html");
    expect(visibleText(sectionOf(comments, "Response"))).toContain(
      "replies Comment[] Show item attributes",
    );
    expect(visibleText(sectionOf(comments, "Response"))).toContain(
      "Recursive: the same Comment as above.",
    );
    expect(
      visibleText(sectionOf(read(site, "api-reference/users/get-a-user.html"), "Response")),
    ).not.toContain("password");
  });

  it("shows every response with status, description, headers and examples", () => {
    const html = read(site, "api-reference/projects/list-projects.html");
    const responses = visibleText(sectionOf(html, "Response"));
    expect(responses).toContain("200 A page of projects.");
    expect(responses).toContain("401 The token or key is missing or wrong.");
    expect(responses).toContain(
      "Headers X-RateLimit-Remaining integer Requests left in the current window.",
    );
    expect(html).toMatch(/class="api-status api-status-2xx">200</);
    expect(html).toMatch(/class="api-status api-status-4xx">401</);
    // Response examples in tabs, one per status; the 401's comes from its own example.
    const examples =
      /<div class="api-examples response-example">[\s\S]*?<\/div><\/div><\/div>/.exec(html)?.[0] ??
      "";
    expect(visibleText(examples)).toContain("Invalid API key");
    const created = read(site, "api-reference/projects/create-a-project.html");
    expect(visibleText(created)).toContain("The project was created.");
  });

  it("generates request examples in cURL, JavaScript, Python and Go, after the specification's own x-codeSamples", () => {
    const html = read(site, "api-reference/tasks/create-a-task.html");
    const request =
      /<div class="api-examples request-example">[\s\S]*?<div class="api-examples response-example">/.exec(
        html,
      )?.[0] ?? "";
    // A language selector, as on Mintlify: one option per language.
    const languages = [...request.matchAll(/<option[^>]*>([^<]+)</g)].map((match) => match[1]);
    expect(languages).toEqual(["Ruby SDK", "cURL", "JavaScript", "Python", "Go"]);
    expect(request).toContain('aria-label="Language"');
    const code = visibleText(request);
    expect(code).toContain("curl --request POST");
    expect(code).toContain("https://eu.api.lumen-tasks.example/v2/projects/prj_42/tasks");
    expect(code).toContain("Authorization: Bearer <token>");
    expect(code).toContain('"title": "Write the launch post"');
    // Highlighting puts each token in its own element: the visible text has spaces between them.
    // The Ruby sample is highlighted too, though no list of languages named Ruby beforehand.
    expect(code).toMatch(/client\s?\.\s?tasks\s?\.\s?create/);
    expect(request).toMatch(/> ?Lumen<\/span>/);
    expect(code).toMatch(/fetch\s?\(/);
    expect(code).toMatch(/requests\s?\.\s?(request|post)\s?\(/);
    expect(code).toMatch(/http\s?\.\s?NewRequest/);

    const token = visibleText(read(site, "api-reference/auth/get-an-access-token.html"));
    expect(token).toContain("--data-urlencode");
    expect(token).not.toContain("Authorization: Bearer <token>");
    expect(visibleText(read(site, "api-reference/files/upload-a-file.html"))).toMatch(
      /--form '?file=@path\/to\/file/,
    );
  });

  it("marks deprecated operations, and documents webhooks with their payload", () => {
    const archive = read(site, "api-reference/projects/archive-a-project.html");
    expect(visibleText(archive)).toContain("This endpoint is deprecated.");
    expect(sidebarOf(archive)).toMatch(
      /Archive a project<\/span><span class="nav-tag nav-tag-pill"><span class="nav-tag-pill-text">Deprecated<\/span>/,
    );

    const hook = read(site, "api-reference/tasks/task-completed.html");
    expect(hook).toMatch(
      /<span class="api-method api-method-webhook">WEBHOOK<\/span><code class="api-path">taskCompleted<\/code>/,
    );
    const payload = visibleText(sectionOf(hook, "Payload"));
    expect(payload).toContain("event string required Available options: task.completed");
    expect(payload).toContain("task Task required");
    expect(playgroundData(hook)).toBeUndefined();
  });

  it("renders a page's own MDX above the reference of its openapi frontmatter, titled by the summary", () => {
    const html = read(site, "guides/create-your-first-task.html");
    expect(html).toContain('<h1 id="page-title" class="page-title">Create a task</h1>');
    const tip = html.indexOf("Set <code>due</code> to a date");
    const reference = html.indexOf('<div class="api-reference"');
    expect(tip).toBeGreaterThan(-1);
    expect(reference).toBeGreaterThan(tip);
    expect(visibleText(sectionOf(html, "Body"))).toContain("title string required");
  });

  it("gives the playground the operation's servers, auth, parameters and a body pre-filled from the schema", () => {
    const data = playgroundData(read(site, "api-reference/tasks/create-a-task.html")) as Record<
      string,
      unknown
    >;
    expect(data).toMatchObject({
      method: "POST",
      path: "/projects/{projectId}/tasks",
      servers: [
        { url: "https://eu.api.lumen-tasks.example/v2", description: "Production" },
        { url: "https://sandbox.lumen-tasks.example/v2", description: "Sandbox" },
      ],
      customServer: true,
      auth: [{ id: "bearerAuth", kind: "bearer" }],
      parameters: [
        { name: "projectId", in: "path", required: true, type: "string", example: "prj_42" },
      ],
      body: { contentType: "application/json", required: true },
    });
    expect(JSON.parse((data.body as { example: string }).example)).toMatchObject({
      title: "Write the launch post",
    });
    // No auth on the token endpoint (security: []).
    expect(playgroundData(read(site, "api-reference/auth/get-an-access-token.html"))?.auth).toEqual(
      [],
    );
  });

  it("writes each reference page's Markdown twin, lists it in llms.txt and indexes it for search", () => {
    const markdown = read(site, "api-reference/tasks/create-a-task.md");
    expect(markdown).toContain("# Create a task");
    expect(markdown).toContain("`POST /projects/{projectId}/tasks`");
    expect(markdown).toContain(
      "## Path parameters\n\n- `projectId` (string, required): The project's id.",
    );
    expect(markdown).toContain("- `title` (string, required)");
    expect(markdown).toContain("  - `name` (string, required)");
    expect(markdown).toContain("- **201**: The task was created. (`application/json`)");
    expect(markdown).toMatch(/## Example request\n\n```\w+\n/);
    expect(read(site, "llms.txt")).toContain(
      "- [List projects](api-reference/projects/list-projects.md): Returns the projects of the workspace, newest first.",
    );
    const searchFiles = readdirSync(path.join(site, "_quire", "search"))
      .map((file) => read(site, `_quire/search/${file}`))
      .join("\n");
    expect(searchFiles).toContain("Add a notification channel");
    expect(searchFiles).toContain("api-reference/notifications/add-a-notification-channel");
  });

  it("names in the manifest the hosts the playground calls, so a server's Content-Security-Policy can allow them", () => {
    const manifest = JSON.parse(read(site, "quire-export.json"));
    expect(manifest.connectOrigins).toEqual([
      "https://eu.api.lumen-tasks.example",
      "https://sandbox.lumen-tasks.example",
    ]);
  });

  it("publishes the specification at its path, as the hosted product serves it", () => {
    expect(read(site, "openapi.yaml")).toBe(
      readFileSync(path.join(SAMPLE, "openapi.yaml"), "utf8"),
    );
  });
});

describe("the playground by deployment (docs/deployment-types.md)", () => {
  it("leaves the playground out of an air-gapped export unless the project turns it on", async () => {
    const off = path.join(makeTempDir(), "site");
    await exportSite({
      sourceDir: SAMPLE,
      outputDir: off,
      deployment: "air-gapped",
      paths: ["api-reference/tasks/"],
    });
    const page = read(off, "api-reference/tasks/create-a-task.html");
    expect(page).not.toContain("data-api-playground");
    expect(page).toContain('<div class="api-reference"');
    expect(JSON.parse(read(off, "quire-export.json")).connectOrigins).toBeUndefined();

    const on = path.join(makeTempDir(), "site");
    await exportSite({
      sourceDir: SAMPLE,
      outputDir: on,
      deployment: "air-gapped",
      playground: true,
      paths: ["api-reference/tasks/"],
    });
    expect(read(on, "api-reference/tasks/create-a-task.html")).toContain("data-api-playground");
  }, 60_000);

  it("follows api.playground.display: none and simple show no playground", async () => {
    const spec = readFileSync(path.join(SAMPLE, "openapi.yaml"), "utf8");
    for (const display of ["none", "simple"]) {
      const repo = makeRepo({
        "docs.json": JSON.stringify({
          name: "A",
          colors: { primary: "#000000" },
          api: { playground: { display } },
          navigation: { tabs: [{ tab: "API", openapi: "openapi.yaml" }] },
        }),
        "openapi.yaml": spec,
      });
      const out = path.join(makeTempDir(), "site");
      await exportSite({ sourceDir: repo, outputDir: out, paths: ["api-reference/users/"] });
      expect(read(out, "api-reference/users/list-users.html")).not.toContain("data-api-playground");
    }
  }, 60_000);
});

const BASE_CONFIG = { name: "Specs", colors: { primary: "#000000" } };

async function exportRepo(
  files: Record<string, string>,
  options: { deployment?: "cloud" | "air-gapped"; allowHosts?: string[] } = {},
) {
  const outputDir = path.join(makeTempDir(), "site");
  const result = await exportSite({ sourceDir: makeRepo(files), outputDir, ...options });
  return {
    outputDir,
    result,
    warnings: result.warnings.map((warning) => `${warning.file} ${warning.message}`),
  };
}

async function exportError(
  files: Record<string, string>,
  options: { deployment?: "cloud" | "air-gapped"; allowHosts?: string[] } = {},
): Promise<string[]> {
  try {
    await exportRepo(files, options);
  } catch (error) {
    if (error instanceof ExportFailedError)
      return error.problems.map(
        (problem) => `${problem.file}${problem.line ? `:${problem.line}` : ""} ${problem.message}`,
      );
    throw error;
  }
  throw new Error("the export did not fail");
}

describe("specifications of every kind, and their errors", () => {
  it("converts Swagger 2.0 (JSON): host and basePath become the server, body parameters the request body", async () => {
    const swagger = {
      swagger: "2.0",
      info: { title: "Old", version: "1" },
      host: "legacy.example.com",
      basePath: "/api",
      schemes: ["https"],
      paths: {
        "/items": {
          post: {
            summary: "Add an item",
            parameters: [
              {
                in: "body",
                name: "item",
                required: true,
                schema: {
                  type: "object",
                  required: ["name"],
                  properties: { name: { type: "string" } },
                },
              },
            ],
            responses: { "200": { description: "Added." } },
          },
        },
      },
    };
    const { outputDir, warnings } = await exportRepo({
      "docs.json": JSON.stringify({
        ...BASE_CONFIG,
        navigation: { groups: [{ group: "API", openapi: "swagger.json" }] },
      }),
      "swagger.json": JSON.stringify(swagger),
    });
    expect(warnings).toEqual([]);
    const html = read(outputDir, "api-reference/add-an-item.html");
    expect(html).toContain("https://legacy.example.com/api/items");
    expect(visibleText(sectionOf(html, "Body"))).toContain("name string required");
  });

  it("names the file and line of a YAML syntax error", async () => {
    const problems = await exportError({
      "docs.json": JSON.stringify({
        ...BASE_CONFIG,
        navigation: { groups: [{ group: "API", openapi: "api/spec.yaml" }] },
      }),
      "api/spec.yaml":
        "openapi: 3.1.0\ninfo:\n  title: x\n  version: 1\npaths:\n  /a:\n    get: {\n",
    });
    expect(
      problems.some((problem) => /^api\/spec\.yaml:\d+ is not valid YAML/.test(problem)),
      problems.join("\n"),
    ).toBe(true);
  });

  it("names the JSON pointer of a reference to nothing, and of a schema rule broken, as warnings", async () => {
    const spec = {
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: {
        "/a": {
          get: {
            summary: "Get A",
            responses: {
              "200": {
                description: "ok",
                content: {
                  "application/json": { schema: { $ref: "#/components/schemas/Missing" } },
                },
              },
              "404": { descriptionn: "typo" },
            },
          },
        },
      },
    };
    const { warnings } = await exportRepo({
      "docs.json": JSON.stringify({
        ...BASE_CONFIG,
        navigation: { groups: [{ group: "API", openapi: "openapi.json" }] },
      }),
      "openapi.json": JSON.stringify(spec),
    });
    expect(warnings).toContain(
      'openapi.json #/paths/~1a/get/responses/200/content/application~1json/schema/$ref: "#/components/schemas/Missing" points to nothing in the document',
    );
    expect(
      warnings.some(
        (warning) =>
          warning.startsWith("openapi.json #/paths/~1a/get/responses/404") &&
          warning.includes("description"),
      ),
    ).toBe(true);
  });

  it("survives a $ref cycle through allOf and oneOf", async () => {
    const spec = {
      openapi: "3.0.3",
      info: { title: "x", version: "1" },
      paths: {
        "/tree": {
          get: {
            summary: "Get the tree",
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: { $ref: "#/components/schemas/Node" } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          Node: {
            allOf: [
              { $ref: "#/components/schemas/Base" },
              {
                type: "object",
                properties: {
                  children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
                  link: { oneOf: [{ $ref: "#/components/schemas/Node" }, { type: "string" }] },
                },
              },
            ],
          },
          Base: { type: "object", properties: { id: { type: "string" } } },
        },
      },
    };
    const { outputDir } = await exportRepo({
      "docs.json": JSON.stringify({
        ...BASE_CONFIG,
        navigation: { groups: [{ group: "API", openapi: "openapi.json" }] },
      }),
      "openapi.json": JSON.stringify(spec),
    });
    const html = read(outputDir, "api-reference/get-the-tree.html");
    expect(visibleText(html)).toContain("Recursive");
    expect(html.length).toBeLessThan(300_000);
  });

  it("fails on a specification that does not exist, and warns about an endpoint the specification lacks", async () => {
    expect(
      await exportError({
        "docs.json": JSON.stringify({
          ...BASE_CONFIG,
          navigation: { groups: [{ group: "API", openapi: "nope.yaml" }] },
        }),
      }),
    ).toContain(
      "nope.yaml the OpenAPI specification named in the configuration or a page does not exist",
    );
    const spec = {
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: { "/a": { get: { responses: { "200": { description: "ok" } } } } },
    };
    const { warnings } = await exportRepo({
      "docs.json": JSON.stringify({
        ...BASE_CONFIG,
        navigation: {
          groups: [{ group: "API", openapi: "openapi.json", pages: ["GET /a", "DELETE /a"] }],
        },
      }),
      "openapi.json": JSON.stringify(spec),
    });
    expect(warnings).toContain(
      'docs.json navigation entry "DELETE /a": no operation DELETE /a in "openapi.json"; it is left out',
    );
  });

  it("exports a page whose openapi frontmatter names a file the repository lacks, with a warning naming the page", async () => {
    // CrewAI's docs had pages still naming a specification moved into a version's folder.
    const { outputDir, warnings } = await exportRepo({
      "docs.json": JSON.stringify({ ...BASE_CONFIG, navigation: { pages: ["index", "status"] } }),
      "index.mdx": "---\ntitle: Home\n---\n\nWelcome.\n",
      "status.mdx":
        '---\ntitle: Status\nopenapi: "/moved.en.yaml GET /status"\n---\n\nHow a run is going.\n',
    });
    expect(warnings).toEqual([
      'status.mdx frontmatter openapi "/moved.en.yaml GET /status": the repository has no file "moved.en.yaml"; the page shows no API reference',
    ]);
    expect(visibleText(read(outputDir, "status.html"))).toContain("How a run is going.");
  });

  it("fetches a specification by URL at export time from an allowed host, but never in an air-gapped export", async () => {
    const spec = JSON.stringify({
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      servers: [{ url: "https://remote.example" }],
      paths: {
        "/ping": { get: { summary: "Ping", responses: { "200": { description: "pong" } } } },
      },
    });
    let requests = 0;
    const server = createServer((_request, response) => {
      requests++;
      response.writeHead(200, { "content-type": "application/json" }).end(spec);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/openapi.json`;
    try {
      const files = {
        "docs.json": JSON.stringify({
          ...BASE_CONFIG,
          navigation: { groups: [{ group: "API", openapi: url }] },
        }),
      };
      // The test server is on loopback: allowed here as an operator allows an internal host.
      const { outputDir } = await exportRepo(files, { allowHosts: ["127.0.0.1"] });
      expect(read(outputDir, "api-reference/ping.html")).toContain("https://remote.example");
      expect(requests).toBe(1);
      const problems = await exportError(files, {
        deployment: "air-gapped",
        allowHosts: ["127.0.0.1"],
      });
      expect(problems[0]).toContain("an air-gapped export fetches nothing from the network");
      expect(requests).toBe(1);
    } finally {
      server.close();
    }
    const unreachable = await exportError(
      {
        "docs.json": JSON.stringify({
          ...BASE_CONFIG,
          navigation: { groups: [{ group: "API", openapi: "http://127.0.0.1:1/spec.json" }] },
        }),
      },
      { allowHosts: ["127.0.0.1"] },
    );
    expect(unreachable[0]).toMatch(
      /^http:\/\/127\.0\.0\.1:1\/spec\.json the OpenAPI specification could not be fetched: /,
    );
    // What to do when the host cannot be reached from where the export runs.
    expect(unreachable[0]).toMatch(
      /; where its host cannot be reached, add the OpenAPI specification to the repository and name its path instead of the URL$/,
    );
  });

  it("finds a page's operation in the repository's specifications when the frontmatter names none", async () => {
    const spec = {
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: {
        "/users/{id}": {
          get: { summary: "Get a user", responses: { "200": { description: "The user." } } },
        },
      },
    };
    const { outputDir, warnings } = await exportRepo({
      "docs.json": JSON.stringify({ ...BASE_CONFIG, navigation: { pages: ["users", "typo"] } }),
      "specs/users.json": JSON.stringify(spec),
      "users.mdx": "---\nopenapi: GET /users/{userId}\n---\n\nIntro.\n",
      "typo.mdx": "---\ntitle: Typo\nopenapi: GET /nothing\n---\n",
    });
    expect(read(outputDir, "users.html")).toContain(
      '<h1 id="page-title" class="page-title">Get a user</h1>',
    );
    expect(read(outputDir, "users.html")).toContain('<div class="api-reference"');
    expect(existsSync(path.join(outputDir, "specs/users.json"))).toBe(true);
    expect(warnings).toContain(
      'typo.mdx frontmatter openapi "GET /nothing": no operation GET /nothing in "specs/users.json"; the page shows no API reference',
    );
  });

  it("finds the specification a page names by its file name without the extension (openapi: v2 GET /x)", async () => {
    const spec = (summary: string) => ({
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: { "/users": { get: { summary, responses: { "200": { description: "ok" } } } } },
    });
    const { outputDir, warnings } = await exportRepo({
      "docs.json": JSON.stringify({ ...BASE_CONFIG, navigation: { pages: ["old", "new"] } }),
      "api/v1.json": JSON.stringify(spec("List users (v1)")),
      "api/v2.yaml": JSON.stringify(spec("List users (v2)")),
      "old.mdx": '---\nopenapi: "api/v1 GET /users"\n---\n',
      "new.mdx": '---\nopenapi: "v2 GET /users"\n---\n',
    });
    expect(warnings).toEqual([]);
    expect(read(outputDir, "old.html")).toContain(
      '<h1 id="page-title" class="page-title">List users (v1)</h1>',
    );
    expect(read(outputDir, "new.html")).toContain(
      '<h1 id="page-title" class="page-title">List users (v2)</h1>',
    );
  });
  it("adds every operation after a tab's own pages when none of them names an operation, and none when one does", async () => {
    const spec = (tag: string, paths: Record<string, string>) => ({
      openapi: "3.1.0",
      info: { title: tag, version: "1" },
      paths: Object.fromEntries(
        Object.entries(paths).map(([route, summary]) => [
          route,
          { get: { tags: [tag], summary, responses: { "200": { description: "ok" } } } },
        ]),
      ),
    });
    const { outputDir, warnings } = await exportRepo({
      "docs.json": JSON.stringify({
        ...BASE_CONFIG,
        navigation: {
          tabs: [
            {
              tab: "API",
              openapi: { source: "users.json", directory: "api" },
              groups: [{ group: "Overview", pages: ["api/intro"] }],
            },
            { tab: "Orders", openapi: "orders.json", pages: ["orders/guide", "orders/get"] },
          ],
        },
      }),
      "users.json": JSON.stringify(
        spec("Users", { "/users": "List users", "/users/me": "Get a user" }),
      ),
      "orders.json": JSON.stringify(
        spec("Orders", { "/orders": "List orders", "/orders/latest": "Get an order" }),
      ),
      "api/intro.mdx": "# Introduction\n",
      "orders/guide.mdx": "# Orders\n",
      "orders/get.mdx": "---\nopenapi: GET /orders/latest\n---\n",
    });
    expect(warnings).toEqual([]);
    // An introduction beside the specification: every operation still gets its page, after it.
    expect(existsSync(path.join(outputDir, "api/users/list-users.html"))).toBe(true);
    expect(existsSync(path.join(outputDir, "api/users/get-a-user.html"))).toBe(true);
    const sidebar = visibleText(sidebarOf(read(outputDir, "api/intro.html")));
    expect(sidebar.indexOf("Overview")).toBeLessThan(sidebar.indexOf("List users"));
    expect(sidebar.indexOf("List users")).toBeLessThan(sidebar.indexOf("Get a user"));
    // A page written for one operation says the tab picks its operations: no others are added.
    expect(read(outputDir, "orders/get.html")).toContain("Get an order");
    expect(existsSync(path.join(outputDir, "api-reference/orders/list-orders.html"))).toBe(false);
  });

  it("uses the repository's own copy of a specification named by its GitHub URL when the URL cannot be fetched", async () => {
    const url = "https://raw.githubusercontent.com/acme/docs/refs/heads/main/openapi.json";
    const { outputDir, warnings } = await exportRepo(
      {
        "docs.json": JSON.stringify({
          ...BASE_CONFIG,
          navigation: { tabs: [{ tab: "API", openapi: { source: url } }] },
        }),
        "openapi.json": JSON.stringify({
          openapi: "3.1.0",
          info: { title: "x", version: "1" },
          paths: {
            "/users": {
              get: {
                tags: ["Users"],
                summary: "List users",
                responses: { "200": { description: "ok" } },
              },
            },
          },
        }),
      },
      // An air-gapped export fetches nothing, so the copy is what it renders, on any machine.
      { deployment: "air-gapped" },
    );
    expect(warnings).toEqual([
      `${url} the OpenAPI specification could not be fetched (an air-gapped export fetches nothing from the network); the repository's own openapi.json is used instead`,
    ]);
    expect(read(outputDir, "api-reference/users/list-users.html")).toContain(
      '<h1 id="page-title" class="page-title">List users</h1>',
    );
  });

  it("generates the pages of a mint.json anchor's own specification, under the anchor's folder", async () => {
    const { outputDir, warnings } = await exportRepo({
      "mint.json": JSON.stringify({
        ...BASE_CONFIG,
        anchors: [{ name: "API Reference", url: "api-reference", openapi: "openapi.json" }],
        navigation: [{ group: "Start", pages: ["index"] }],
      }),
      "openapi.json": JSON.stringify({
        openapi: "3.1.0",
        info: { title: "x", version: "1" },
        paths: {
          "/chains": {
            get: {
              tags: ["Chain"],
              summary: "Get chain details",
              responses: { "200": { description: "ok" } },
            },
          },
        },
      }),
      "index.mdx": "# Welcome\n\nSee [the chains](/api-reference/chain/get-chain-details).\n",
    });
    expect(warnings).toEqual([]);
    expect(read(outputDir, "api-reference/chain/get-chain-details.html")).toContain(
      '<h1 id="page-title" class="page-title">Get chain details</h1>',
    );
  });

  it("reads a specification written from the page's folder (./ or ../) beside the page, and one written from the root as before", async () => {
    const spec = (summary: string) => ({
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: { "/users": { get: { summary, responses: { "200": { description: "ok" } } } } },
    });
    const { outputDir, warnings } = await exportRepo({
      "docs.json": JSON.stringify({
        ...BASE_CONFIG,
        navigation: { pages: ["en/api/endpoints/public/list", "en/api/endpoints/get", "root"] },
      }),
      // The same file name in two folders: only the page's folder says which one.
      "en/api/endpoints/users.json": JSON.stringify(spec("List users (en)")),
      "ja/api/endpoints/users.json": JSON.stringify(spec("List users (ja)")),
      "users.json": JSON.stringify(spec("List users (root)")),
      "en/api/endpoints/public/list.mdx": "---\nopenapi: ../users.json GET /users\n---\n",
      "en/api/endpoints/get.mdx": "---\nopenapi: ./users.json GET /users\n---\n",
      "root.mdx": "---\nopenapi: /users.json GET /users\n---\n",
    });
    expect(warnings).toEqual([
      "ja/api/endpoints/users.json no page uses this file; it is not in the export",
    ]);
    const title = (text: string) => `<h1 id="page-title" class="page-title">${text}</h1>`;
    expect(read(outputDir, "en/api/endpoints/public/list.html")).toContain(
      title("List users (en)"),
    );
    expect(read(outputDir, "en/api/endpoints/get.html")).toContain(title("List users (en)"));
    expect(read(outputDir, "root.html")).toContain(title("List users (root)"));
  });

  it("still reads ./spec.json from the root when the page's folder has no such file", async () => {
    const { outputDir, warnings } = await exportRepo({
      "docs.json": JSON.stringify({ ...BASE_CONFIG, navigation: { pages: ["api/get"] } }),
      "spec.json": JSON.stringify({
        openapi: "3.1.0",
        info: { title: "x", version: "1" },
        paths: { "/a": { get: { summary: "Get A", responses: { "200": { description: "ok" } } } } },
      }),
      "api/get.mdx": "---\nopenapi: ./spec.json GET /a\n---\n",
    });
    expect(warnings).toEqual([]);
    expect(read(outputDir, "api/get.html")).toContain(
      '<h1 id="page-title" class="page-title">Get A</h1>',
    );
  });
});

describe("validating a site with API reference pages (the agent's check)", () => {
  it("checks the generated pages like the export renders them, and reports a specification's problems", async () => {
    const { validateSite } = await import("../../../src/exporter/validate-site.ts");
    const clean = await validateSite({ sourceDir: SAMPLE });
    expect(clean.findings).toEqual([]);
    expect(clean.pageCount).toBe(29);
    expect(clean.checkedPages).toContain("openapi.yaml");

    const spec = {
      openapi: "3.1.0",
      info: { title: "x", version: "1" },
      paths: {
        "/a": {
          get: {
            summary: "A",
            responses: {
              "200": {
                description: "ok",
                content: { "application/json": { schema: { $ref: "#/components/schemas/Gone" } } },
              },
            },
          },
        },
      },
    };
    const broken = await validateSite({
      sourceDir: makeRepo({
        "docs.json": JSON.stringify({
          ...BASE_CONFIG,
          navigation: {
            groups: [{ group: "API", openapi: "openapi.json", pages: ["GET /a", "GET /b"] }],
          },
        }),
        "openapi.json": JSON.stringify(spec),
      }),
    });
    const messages = broken.findings.map((finding) => `${finding.file} ${finding.message}`);
    expect(messages).toContain(
      'openapi.json #/paths/~1a/get/responses/200/content/application~1json/schema/$ref: "#/components/schemas/Gone" points to nothing in the document',
    );
    expect(messages).toContain(
      'docs.json navigation entry "GET /b": no operation GET /b in "openapi.json"; it is left out',
    );
  }, 60_000);
});

describe("endpoints documented by hand (api frontmatter and <ParamField>s)", () => {
  const files = {
    "docs.json": JSON.stringify({
      ...BASE_CONFIG,
      api: {
        mdx: { server: "https://api.acme.test/", auth: { method: "key", name: "x-api-key" } },
      },
      navigation: { pages: ["users/create", "ping", "quiet"] },
    }),
    "users/create.mdx": [
      "---",
      "title: Create a user",
      'api: "POST /v1/teams/{teamId}/users"',
      "---",
      "",
      "Adds a user to a team.",
      "",
      '<ParamField path="teamId" type="string" required>The team.</ParamField>',
      '<ParamField query="dryRun" type="boolean" default={false}>Check only.</ParamField>',
      '<ParamField header="X-Trace" type="string">A trace id.</ParamField>',
      '<ParamField body="email" type="string" required>The address.</ParamField>',
      '<ParamField body="age" type="integer">Years.</ParamField>',
      "",
    ].join("\n"),
    "ping.mdx":
      '---\ntitle: Ping\napi: "GET https://api.other.test/v2/ping"\n---\n\nAnswers pong.\n',
    "quiet.mdx":
      '---\ntitle: Quiet\napi: "DELETE /v1/cache"\nplayground: none\n---\n\nEmpties the cache.\n',
  };

  it("shows the method and URL above the page and builds the playground from the documented fields and api.mdx", async () => {
    const { outputDir, result, warnings } = await exportRepo(files);
    expect(warnings).toEqual([]);
    const html = read(outputDir, "users/create.html");
    const bar = html.indexOf('<div class="api-endpoint" id="api-endpoint" data-page-lead="">');
    expect(bar).toBeGreaterThan(-1);
    expect(bar).toBeLessThan(html.indexOf("Adds a user to a team."));
    expect(html).toMatch(
      /<span class="api-method api-method-post">POST<\/span><code class="api-path"><span class="api-base">https:\/\/api\.acme\.test<\/span>\/v1\/teams\/\{teamId\}\/users<\/code>/,
    );
    expect(playgroundData(html)).toEqual({
      method: "POST",
      path: "/v1/teams/{teamId}/users",
      servers: [{ url: "https://api.acme.test" }],
      customServer: true,
      auth: [
        { id: "mdx-key", kind: "apiKey", in: "header", name: "x-api-key", label: "x-api-key" },
      ],
      parameters: [
        { name: "teamId", in: "path", required: true, type: "string" },
        { name: "dryRun", in: "query", required: false, type: "boolean", example: "false" },
        { name: "X-Trace", in: "header", required: false, type: "string" },
      ],
      body: {
        contentType: "application/json",
        required: true,
        example: JSON.stringify({ email: "", age: 0 }, null, 2),
      },
      transport: { proxy: true, credentials: false },
    });
    expect(read(outputDir, "users/create.md")).toContain(
      "`POST https://api.acme.test/v1/teams/{teamId}/users`",
    );

    const ping = read(outputDir, "ping.html");
    expect(playgroundData(ping)).toMatchObject({
      method: "GET",
      path: "/v2/ping",
      servers: [{ url: "https://api.other.test" }],
    });
    expect(read(outputDir, "quiet.html")).not.toContain("data-api-playground");
    expect(read(outputDir, "quiet.html")).toContain(
      '<span class="api-method api-method-delete">DELETE</span>',
    );
    expect(result.manifest.connectOrigins).toEqual([
      "https://api.acme.test",
      "https://api.other.test",
    ]);
  });

  it("keeps the endpoint but no playground in an air-gapped export, and warns about a malformed api value", async () => {
    const { outputDir } = await exportRepo(files, { deployment: "air-gapped" });
    expect(read(outputDir, "users/create.html")).not.toContain("data-api-playground");
    expect(read(outputDir, "users/create.html")).toContain(
      '<div class="api-endpoint" id="api-endpoint" data-page-lead="">',
    );
    const { warnings } = await exportRepo({
      ...files,
      "ping.mdx": '---\ntitle: Ping\napi: "PING the server"\n---\n',
    });
    expect(warnings).toContain(
      'ping.mdx frontmatter "api" should read "METHOD /path" or "METHOD https://host/path", not "PING the server"; it is ignored',
    );
  });
});

describe("the layout and settings of an API reference page", () => {
  const SPEC = `openapi: 3.1.0
info: { title: Users, version: "1" }
servers: [{ url: "https://api.example.com" }]
paths:
  /users:
    get:
      summary: List users
      tags: [users]
      parameters:
        - name: limit
          in: query
          schema: { type: integer, x-internal: true, x-since: "2.1" }
      responses:
        "200":
          description: The users.
          content:
            application/json:
              schema:
                type: object
                properties:
                  next: { type: string, nullable: true }
              example: { next: null }
`;

  async function exportUsers(api: Record<string, unknown>) {
    const { outputDir } = await exportRepo({
      "docs.json": JSON.stringify({
        ...BASE_CONFIG,
        api,
        navigation: { tabs: [{ tab: "API", openapi: "openapi.yaml" }] },
      }),
      "openapi.yaml": SPEC,
    });
    return read(outputDir, "api-reference/users/list-users.html");
  }

  it("puts the endpoint bar under the title and the examples in the side column, before the reference", async () => {
    const html = await exportUsers({});
    const title = html.indexOf('id="page-title"');
    const bar = html.indexOf('<div class="api-endpoint"');
    const aside = html.indexOf('<aside id="content-side-layout" class="side-column"');
    const reference = html.indexOf('<div class="api-reference"');
    expect(title).toBeGreaterThan(0);
    expect([title < bar, bar < aside, aside < reference]).toEqual([true, true, true]);
    const side = html.slice(aside, html.indexOf("</aside>", aside));
    expect(side).toContain('class="api-examples request-example"');
    expect(side).toContain('class="api-examples response-example"');
    expect(html.slice(reference)).not.toContain("api-examples");
    // The playground knows its endpoint bar, where the client puts "Try it".
    expect(html).toMatch(
      /<div class="api-endpoint" id="(api-endpoint[^"]*)"[\s\S]*data-endpoint-bar="\1"/,
    );
  }, 60_000);

  it("shows api.params.post values as pills after each parameter's and property's name", async () => {
    const html = await exportUsers({ params: { post: ["x-internal", "x-since", "nullable"] } });
    expect(html).toMatch(
      /<code>limit<\/code><\/a><span class="field-type">integer<\/span><span class="field-pill">x-internal<\/span><span class="field-pill">2\.1<\/span>/,
    );
    expect(html).toMatch(
      /<code>next<\/code><\/a>[\s\S]*?<span class="field-pill">nullable<\/span>/,
    );
    expect(await exportUsers({})).not.toContain('class="field-pill"');
  }, 60_000);

  it("tells the playground whether to send through the host's proxy and with the browser's cookies", async () => {
    expect(playgroundData(await exportUsers({}))?.transport).toEqual({
      proxy: true,
      credentials: false,
    });
    expect(
      playgroundData(await exportUsers({ playground: { proxy: false, credentials: true } }))
        ?.transport,
    ).toEqual({ proxy: false, credentials: true });
  }, 60_000);
});
