/** One heading of a Markdown file and the text under it, up to the next heading. */
export interface MarkdownSection {
  /** The heading's text, without its `#` marks or backticks around it as a whole. */
  heading: string;
  level: number;
  body: string;
}

/**
 * The sections of a Markdown file, in order. Lines inside fenced code blocks are text, never
 * headings (a `# comment` in a shell block is not a section).
 */
export function markdownSections(markdown: string): MarkdownSection[] {
  const sections: MarkdownSection[] = [];
  let current: MarkdownSection | undefined;
  let fence: string | undefined;
  for (const line of markdown.replace(/\r\n/g, "\n").split("\n")) {
    const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
    if (marker && (fence === undefined || marker.startsWith(fence))) {
      fence = fence === undefined ? marker : undefined;
    } else if (fence === undefined) {
      const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
      if (heading) {
        current = {
          heading: (heading[2] as string).replace(/^`([^`]*)`$/, "$1"),
          level: (heading[1] as string).length,
          body: "",
        };
        sections.push(current);
        continue;
      }
    }
    if (current) current.body += `${line}\n`;
  }
  return sections;
}
