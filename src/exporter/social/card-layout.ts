/** The size Open Graph and X (Twitter) large cards are shown at. */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card shows: the words, the pictures (as data URIs) and the colours. */
export interface CardContent {
  title: string;
  description?: string;
  /** The site's logo, a PNG data URI, with its size in pixels. */
  logo?: { src: string; width: number; height: number };
  /** A picture filling the card behind the words (`thumbnails.background`), a data URI. */
  background?: string;
  appearance: "light" | "dark";
  /** The accent: `colors.primary` on a light card, `colors.light` on a dark one. */
  accent: string;
}

/** A satori element: the shape React elements have, without React. */
export interface CardElement {
  type: string;
  props: { style?: Record<string, unknown>; children?: unknown; [name: string]: unknown };
}

const PALETTE = {
  light: { background: "#ffffff", title: "#0f172a", description: "#475569" },
  dark: { background: "#0b0d12", title: "#f8fafc", description: "#cbd5e1" },
};

const PADDING = 80;
/** Text boxes get the width they have, so satori wraps their lines before placing them. */
const TEXT_WIDTH = CARD_WIDTH - 2 * PADDING;
const LOGO_HEIGHT = 64;
const LOGO_MAX_WIDTH = 480;
const TITLE_LIMIT = 80;
const DESCRIPTION_LIMIT = 180;

/**
 * The card as satori lays it out: the logo at the top, the title and description at the
 * bottom, a bar of the accent colour under them, over the background picture if there is one.
 */
export function cardLayout(content: CardContent): CardElement {
  const colours = PALETTE[content.appearance];
  const words: CardElement[] = [
    element(
      "div",
      { width: TEXT_WIDTH, fontSize: 68, fontWeight: 700, lineHeight: 1.15, color: colours.title },
      [shorten(content.title, TITLE_LIMIT)],
    ),
  ];
  if (content.description)
    words.push(
      element(
        "div",
        {
          width: TEXT_WIDTH,
          fontSize: 32,
          lineHeight: 1.4,
          marginTop: 24,
          color: colours.description,
        },
        [shorten(content.description, DESCRIPTION_LIMIT)],
      ),
    );
  words.push(
    element("div", {
      width: 160,
      height: 10,
      marginTop: 40,
      borderRadius: 5,
      backgroundColor: content.accent,
    }),
  );
  const layers: CardElement[] = [];
  if (content.background)
    layers.push({
      type: "img",
      props: {
        src: content.background,
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        style: { position: "absolute", top: 0, left: 0, objectFit: "cover" },
      },
    });
  layers.push(content.logo ? logoElement(content.logo) : element("div", {}));
  layers.push(
    element("div", { display: "flex", flexDirection: "column", width: TEXT_WIDTH }, words),
  );
  return element(
    "div",
    {
      // satori sizes boxes without their padding (content-box).
      width: CARD_WIDTH - 2 * PADDING,
      height: CARD_HEIGHT - 2 * PADDING,
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      padding: PADDING,
      backgroundColor: colours.background,
      fontFamily: "Inter",
    },
    layers,
  );
}

function logoElement(logo: NonNullable<CardContent["logo"]>): CardElement {
  const scale = Math.min(LOGO_HEIGHT / logo.height, LOGO_MAX_WIDTH / logo.width);
  const width = Math.round(logo.width * scale);
  const height = Math.round(logo.height * scale);
  return { type: "img", props: { src: logo.src, width, height, style: { width, height } } };
}

function element(type: string, style: Record<string, unknown>, children?: unknown[]): CardElement {
  return { type, props: { style: { display: "flex", ...style }, children } };
}

/** Long words end in an ellipsis at a word boundary, so the card never overflows. */
function shorten(text: string, limit: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit);
  const space = cut.lastIndexOf(" ");
  return `${(space > limit / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
