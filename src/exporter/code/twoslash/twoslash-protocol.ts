import type { TwoslashNode } from "twoslash-protocol";

/** A code block sent to the twoslash thread; `extension` is the file type it is checked as. */
export interface TwoslashBlock {
  id: number;
  code: string;
  extension: TwoslashExtension;
}

export type TwoslashExtension = "ts" | "tsx" | "js" | "jsx";

/**
 * What Shiki's twoslash transformer reads of a twoslash result: the code without its
 * notations (`// ^?`, `// @errors`, `// ---cut---`), the nodes (hovers, queries, errors) at
 * their offsets in it, and the file type. Plain data, so it crosses threads.
 */
export interface TwoslashData {
  code: string;
  nodes: TwoslashNode[];
  meta: { extension: string };
}

export type TwoslashReply =
  | { id: number; ok: true; result: TwoslashData }
  | { id: number; ok: false; message: string };
