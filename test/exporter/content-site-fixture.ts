/**
 * A small Mintlify-format site that holds, on purpose, the content real repositories lost in
 * export: hero cards written as links with headings inside, e-mail addresses inside mailto
 * links, a page of category pills computed by an expression, docs.json variables in titles,
 * text and props, reference-style links, release notes named by version, HTML links in a
 * Markdown page, and Tailwind's important modifier and v3 classes.
 */

const HERO = `export const HeroCard = ({ title, description, href }) => (
  <a className="hero-card group block" href={href}>
    <h3 className="mt-5 text-gray-900 dark:text-zinc-50">{title}</h3>
    <span className="mt-1.5">{description}</span>
  </a>
);

export const Quiz = ({ question, answer }) => {
  const [shown, setShown] = useState(false);
  return (
    <div className="quiz">
      <p>{question}</p>
      <button id="reveal" type="button" onClick={() => setShown(true)}>Reveal</button>
      {shown ? (
        <p id="answer" className="text-gray-900 dark:!text-green-400">{answer}</p>
      ) : null}
    </div>
  );
};
`;

const CATEGORIES = [
  "Authentication",
  "Authorization",
  "Billing",
  "Conflicts",
  "Deployments",
  "Domains",
  "Files",
  "Limits",
  "Networking",
  "Projects",
  "Rate limits",
  "Storage",
  "Validation",
];

export const CONTENT_SITE: Record<string, string> = {
  "docs.json": JSON.stringify(
    {
      name: "Content",
      colors: { primary: "#0a7" },
      variables: { version: "2.4.0", "api-url": "https://api.example.com", product: "Acme" },
      navigation: {
        groups: [
          {
            group: "Start",
            pages: [
              "index",
              "support",
              "reference/errors",
              "install",
              "ja/guides/intro",
              "ja/guides/overrides",
              "releases",
              "releases/notes/26.08",
              "styles",
            ],
          },
        ],
      },
    },
    null,
    2,
  ),
  "snippets/hero.jsx": HERO,
  "snippets/version.mdx": "Installing {{product}} {{version}} takes a minute.\n",
  "index.mdx": [
    "---",
    "title: Home",
    "---",
    "",
    'import { HeroCard } from "/snippets/hero.jsx";',
    "",
    '<div className="grid grid-cols-2 gap-x-4">',
    '  <HeroCard title="Quickstart" description="Deploy in minutes" href="/install" />',
    '  <HeroCard title="Errors" description="Every code" href="/reference/errors" />',
    '  <HeroCard title="Guides" description="Step by step" href="/ja/guides/intro" />',
    '  <HeroCard title="Releases" description="What changed" href="/releases" />',
    "</div>",
    "",
    '<a href="/support" className="support-card">',
    "### Need help?",
    "",
    "Write to support@example.com or see https://status.example.com",
    "</a>",
    "",
    "## Next",
    "",
    '<Card title="Install" href="/install">See [the styles](/styles) too.</Card>',
    "",
  ].join("\n"),
  "support.md": [
    "---",
    "title: Support",
    "---",
    "",
    'Email <a href="mailto:support@example.com">support@example.com</a> or open <a href="/reference/errors">the *error codes*</a>.',
    "",
  ].join("\n"),
  "reference/errors.mdx": [
    "---",
    "title: Error codes",
    "---",
    "",
    `export const categories = ${JSON.stringify(CATEGORIES.map((name) => ({ name, slug: name.toLowerCase().replace(/ /g, "-") })))};`,
    "",
    '<div className="flex flex-wrap gap-2">',
    "  {categories.map((category) => (",
    '    <a key={category.slug} className="pill" href={`/reference/errors#${category.slug}`}>',
    "      {category.name}",
    "    </a>",
    "  ))}",
    "</div>",
    "",
    ...CATEGORIES.flatMap((name) => [`## ${name}`, "", `Codes of ${name.toLowerCase()}.`, ""]),
  ].join("\n"),
  "install.mdx": [
    "---",
    'title: "Install {{product}} {{version}}"',
    "---",
    "",
    'import Version from "/snippets/version.mdx";',
    "",
    "The current version is {{version}}. Requests go to {{api-url}}.",
    "",
    "<Version />",
    "",
    '<Card title="Changelog for {{version}}" href="/releases/notes/26.08" />',
    "",
    "```bash",
    "npm install acme@{{version}}",
    "```",
    "",
  ].join("\n"),
  "ja/guides/intro.mdx": [
    "---",
    "title: はじめに",
    "---",
    "",
    "Read the [overrides][overrides] and the [release notes][notes].",
    "",
    "[overrides]: /ja/guides/overrides",
    "[notes]: /releases/notes/26.08",
    "",
  ].join("\n"),
  "ja/guides/overrides.mdx": "---\ntitle: Overrides\n---\n\nOverride settings.\n",
  "releases.mdx": "---\ntitle: Releases\n---\n\n- [August 2026](./releases/notes/26.08)\n",
  "releases/notes/26.08.mdx": "---\ntitle: Release 26.08\n---\n\nShipped in August.\n",
  "styles.mdx": [
    "---",
    "title: Styles",
    "---",
    "",
    'import { Quiz } from "/snippets/hero.jsx";',
    "",
    '<p id="important" className="text-gray-900 dark:!text-red-600">Important text</p>',
    "",
    '<p id="trailing" className="text-blue-600!">Trailing important</p>',
    "",
    '<div id="overlay" className="bg-black bg-opacity-50 p-2">Overlay</div>',
    "",
    '<div id="stack" className="space-y-2">',
    "### First",
    "### Second",
    "</div>",
    "",
    '<Quiz question="Is it green?" answer="It is green." />',
    "",
  ].join("\n"),
};

export const CATEGORY_NAMES = CATEGORIES;
