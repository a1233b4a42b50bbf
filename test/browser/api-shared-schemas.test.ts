import { readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exportSite } from "../../src/exporter/export-site.ts";
import { launchBrowser } from "../helpers/browser.ts";
import { writeRepoFiles } from "../helpers/temp-repo.ts";

/** A price with enough attributes (14, one of them nested) to be shown once per page. */
const PRICE = {
  type: "object",
  properties: {
    ...Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [`field_${index + 1}`, { type: "string" }]),
    ),
    tiers: {
      type: "array",
      items: { type: "object", properties: { up_to: { type: "integer" } } },
    },
  },
};
/** A small object: repeated where it appears, a link would only cost the reader a jump. */
const MONEY = {
  type: "object",
  properties: { amount: { type: "integer" }, currency: { type: "string" } },
};

const SPEC = {
  openapi: "3.1.0",
  info: { title: "Billing", version: "1" },
  paths: {
    "/plans": {
      get: {
        tags: ["Plans"],
        summary: "Get a plan",
        responses: {
          "200": {
            description: "ok",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    base_price: { $ref: "#/components/schemas/Price" },
                    base_fee: { $ref: "#/components/schemas/Money" },
                    addons: {
                      type: "array",
                      items: {
                        type: "object",
                        properties: {
                          price: { $ref: "#/components/schemas/Price" },
                          fee: { $ref: "#/components/schemas/Money" },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  components: { schemas: { Price: PRICE, Money: MONEY } },
};

describe("an API page's schema used in several places", () => {
  let browser: Browser;
  let root: string;
  let html: string;
  const page = () => path.join(root, "site", "api-reference", "plans", "get-a-plan.html");

  beforeAll(async () => {
    root = path.join(os.tmpdir(), `quire-shared-schemas-${process.pid}-${Date.now()}`);
    writeRepoFiles(path.join(root, "source"), {
      "docs.json": JSON.stringify({
        name: "Billing",
        colors: { primary: "#0a7" },
        navigation: { tabs: [{ tab: "API", openapi: "openapi.json" }] },
      }),
      "openapi.json": JSON.stringify(SPEC),
    });
    await exportSite({ sourceDir: path.join(root, "source"), outputDir: path.join(root, "site") });
    html = readFileSync(page(), "utf8");
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("shows a large object's attributes once and links to them where it appears again", () => {
    // The first price shows its attributes; the second one links to them.
    expect(html.match(/id="response-200-base-price-field-1"/g)).toHaveLength(1);
    expect(html).not.toContain('id="response-200-addons-price-field-1"');
    expect(html).toContain(
      '<p class="field-shown-above"><a href="#response-200-base-price">Show child attributes</a></p>',
    );
    // The small object is shown in both places.
    expect(html).toContain('id="response-200-base-fee-amount"');
    expect(html).toContain('id="response-200-addons-fee-amount"');
  });

  it("opens the collapsed attributes the link leads to, so the reader sees them", async () => {
    const tab = await browser.newPage();
    try {
      await tab.goto(pathToFileURL(page()).href);
      const target = tab.locator("#response-200-base-price-field-1");
      // Everything nested starts collapsed: the first price's attributes are hidden.
      await expect.poll(() => target.isVisible()).toBe(false);
      await tab.locator("#response-200-addons > .field-body > details > summary").click();
      await tab.locator("#response-200-addons-price .field-shown-above a").click();
      await expect.poll(() => target.isVisible()).toBe(true);
      expect(new URL(tab.url()).hash).toBe("#response-200-base-price");
    } finally {
      await tab.close();
    }
  });
});
