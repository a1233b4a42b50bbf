import { describe, expect, it } from "vitest";
import { excerpt, highlight, queryMatcher } from "../../../src/exporter/search/excerpt.ts";

describe("highlighting search results", () => {
  it("marks the words matching the query and escapes the rest of the text", () => {
    expect(highlight("Use <every> for a fixed interval.", queryMatcher("fixed interv"))).toBe(
      "Use &#60;every&#62; for a <mark>fixed</mark> <mark>interval</mark>.",
    );
  });

  it("marks words by stem, and by prefix only for the last word of the query", () => {
    const matches = queryMatcher("job retr");
    expect(highlight("Jobs retry; jobber retries.", matches)).toBe(
      "<mark>Jobs</mark> <mark>retry</mark>; jobber <mark>retries</mark>.",
    );
  });

  it("marks accented words for a query typed without accents, keeping the accents shown", () => {
    expect(highlight("Des tâches planifiées", queryMatcher("taches"))).toBe(
      "Des <mark>tâches</mark> planifiées",
    );
  });

  it("shows the part of a long text around the first match, cut at word boundaries", () => {
    const text = `${"Lorem ipsum dolor sit amet. ".repeat(12)}Retries wait with jitter. ${"Consectetur adipiscing elit. ".repeat(12)}`;
    const shown = excerpt(text, queryMatcher("jitter"), 120);
    expect(shown.startsWith("…")).toBe(true);
    expect(shown.endsWith("…")).toBe(true);
    expect(shown).toContain("<mark>jitter</mark>");
    expect(shown.replace(/<\/?mark>/g, "").length).toBeLessThanOrEqual(122);
    expect(shown.startsWith("…Retries wait with <mark>jitter</mark>.")).toBe(true);
  });

  it("shows the beginning of a text with no match", () => {
    expect(excerpt("Short text.", queryMatcher("other"))).toBe("Short text.");
  });
});
