import { describe, expect, it } from "vitest";
import { renderPage } from "../../helpers/render-page.ts";

describe("options of frames and icons", () => {
  it("renders a frame's caption as Markdown with its links made relative", async () => {
    const body = await renderPage(
      {
        "guides/setup.mdx":
          '<Frame caption="The **settings** page, see [billing](/billing)">\n  <img src="/a.png" alt="Settings" />\n</Frame>\n',
        "a.png": "png",
      },
      "guides/setup.mdx",
    );
    expect(body.html).toContain(
      '<figcaption>The <strong>settings</strong> page, see <a href="../billing.html">billing</a></figcaption>',
    );
  });

  it("frames a video and keeps it playable", async () => {
    const body = await renderPage({
      "index.mdx": '<Frame>\n  <video controls src="/demo.mp4" />\n</Frame>\n',
      "demo.mp4": "mp4",
    });
    expect(body.html).toContain(
      '<figure class="frame"><div class="frame-content"><video controls src="demo.mp4"></video></div></figure>',
    );
  });

  it("shows an icon given as an image path and copies the image", async () => {
    const body = await renderPage({
      "index.mdx": 'Logo <Icon icon="/logo.svg" size={24} />\n',
      "logo.svg": "<svg/>",
    });
    expect(body.html).toContain(
      '<span class="inline-icon"><img src="logo.svg" alt="" class="icon icon-image" width="24" height="24"></span>',
    );
    expect(body.assets).toContain("logo.svg");
  });

  it("warns, naming the line, about an icon without a name and renders nothing for it", async () => {
    const body = await renderPage({ "index.mdx": "First line.\n\nA <Icon /> here.\n" });
    expect(body.html).toContain("<p>A  here.</p>");
    expect(body.problems).toEqual([
      expect.objectContaining({
        file: "index.mdx",
        line: 3,
        message: expect.stringContaining("needs an icon name"),
      }),
    ]);
  });

  it("takes the icon's name from name= too, as Mintlify's own pages write it", async () => {
    const body = await renderPage({
      "index.mdx": 'Click the <Icon name="trash-2" /> icon.\n',
    });
    expect(body.problems).toEqual([]);
    expect(body.html).toMatch(/<span class="inline-icon"><svg[^>]*>.*<\/svg><\/span> icon\./s);
  });

  it("leaves out a colour that is not a plain CSS colour instead of writing it into the style", async () => {
    const body = await renderPage({
      "index.mdx": '<Icon icon="star" color="red;background:url(https://x.test/a.png)" />\n',
    });
    expect(body.html).toContain("icon-star");
    expect(body.html).not.toContain("x.test");
  });

  it("takes an icon image from the src attribute too", async () => {
    const body = await renderPage({
      "index.mdx": '<Icon src="/images/mark.svg" />\n',
      "images/mark.svg": "<svg/>",
    });
    expect(body.html).toContain(
      '<img src="images/mark.svg" alt="" class="icon icon-image" width="16" height="16">',
    );
    expect(body.problems).toEqual([]);
  });

  it("leaves icons hosted elsewhere out of an air-gapped export, with a warning naming the file", async () => {
    const body = await renderPage(
      {
        "index.mdx":
          '<Icon icon="https://icons.example.com/mark.png" />\n\n<Card title="Guide" icon="https://icons.example.com/book.svg">Read it.</Card>\n',
      },
      "index.mdx",
      { deployment: "air-gapped" },
    );
    expect(body.html).not.toContain("icons.example.com");
    expect(body.html).toContain(
      '<span class="inline-icon"><span class="icon icon-missing"></span></span>',
    );
    expect(body.problems).toEqual([
      expect.objectContaining({
        file: "index.mdx",
        rule: "external-resource",
        message: expect.stringContaining("https://icons.example.com/mark.png"),
      }),
      expect.objectContaining({
        file: "index.mdx",
        rule: "external-resource",
        message: expect.stringContaining("https://icons.example.com/book.svg"),
      }),
    ]);
  });

  it("keeps an icon hosted elsewhere in a cloud export", async () => {
    const body = await renderPage({
      "index.mdx": '<Icon icon="https://icons.example.com/mark.png" />\n',
    });
    expect(body.html).toContain(
      '<img src="https://icons.example.com/mark.png" alt="" class="icon icon-image" width="16" height="16">',
    );
  });
});
