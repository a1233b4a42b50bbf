/**
 * How much work a documentation repository may ask of an export. A repository is trusted less
 * than the operator: a hostile or broken one must end in a clear problem naming the file and
 * line, never in minutes of CPU, gigabytes of memory or a stack overflow. Each figure leaves
 * real sites far below it (measured on Mintlify's own documentation, 1,062 pages).
 */

/**
 * Lists, block quotes, JSX elements, emphasis, links, footnotes and brackets in expressions
 * inside one another in a page or snippet. Mintlify's pages nest 7 deep at most; parsing
 * costs more than linearly with depth (10,000 nested list items took over 30 s), and the
 * walks of the syntax tree after it recurse.
 */
export const MAX_NESTING_DEPTH = 100;

/**
 * Lines and inline constructs (elements, expressions, links, emphasis) of one page or
 * snippet. The parser spends about 100 µs and 10 KB on each, however small: 200,000 one-line
 * paragraphs (600 KB) took 17 s and 2 GB. Mintlify's longest page, its changelog, has 7,000;
 * the worst page within this limit (90,000 images on one line) takes 13 s and 1.3 GB.
 */
export const MAX_PAGE_CONSTRUCTS = 100_000;

/**
 * What MDX may read to parse a page's expressions (`{…}`, and props' values). It hands an
 * expression to its JavaScript parser at every closing brace in it until one parses, so it
 * reads the text up to each brace: 10,000 braces in a 20 KB string took 9 s. Mintlify's
 * pages read under 150 KB; 16 MB is about 3 s.
 */
export const MAX_PAGE_EXPRESSION_READ_BYTES = 16 * 1024 * 1024;

/**
 * Snippets inlined into one page, counting every inclusion: a snippet that includes another
 * twice doubles at each level, so twenty levels would be a million copies. Mintlify's pages
 * inline five at most.
 */
export const MAX_PAGE_SNIPPET_INCLUSIONS = 1000;

/**
 * Snippet source inlined into one page, each inclusion counted: the same multiplication, and
 * each inlined copy is a syntax tree of its own (2 MB of short lines is 300 MB of tree).
 */
export const MAX_PAGE_SNIPPET_BYTES = 2 * 1024 * 1024;

/**
 * Text and markup one instance of a repository component may render (its own output, not
 * the page content it wraps). The largest on Mintlify's documentation is 49 KB.
 */
export const MAX_COMPONENT_OUTPUT_BYTES = 1024 * 1024;

/**
 * Instances of repository components on one page: each is a sandboxed render and an island
 * in the page (100,000 took 25 s and 1.9 GB). Mintlify's pages use a handful.
 */
export const MAX_PAGE_COMPONENT_INSTANCES = 2000;

/**
 * A page's rendered body (its HTML without the layout around it). Mintlify's longest page,
 * its changelog, is 370 KB with the layout; an API reference page generated from a large
 * specification can be a few MB. Past 10 MB a page is more than a browser shows well.
 */
export const MAX_PAGE_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Navigation levels inside one another: groups in groups, and the tabs, anchors, versions
 * and other divisions around them. Mintlify's navigation is 5 deep.
 */
export const MAX_NAVIGATION_DEPTH = 32;

/**
 * Page entries in the whole navigation. Real sites list hundreds to a few thousand. (Each
 * page carries its tab's sidebar, so an export grows with the square of the pages in a tab.)
 */
export const MAX_NAVIGATION_PAGES = 50_000;

/**
 * Arrays and objects inside one another in docs.json, mint.json and the files they include.
 * Mintlify's docs.json is 13 deep; a navigation at its own depth limit needs about 80.
 */
export const MAX_CONFIG_JSON_DEPTH = 100;

/**
 * Heap of each thread of an export job (the job's thread and its render threads) in
 * `quire api` and `quire worker`, in MB, unless QUIRE_EXPORT_MEMORY says otherwise. A
 * 5,000-page site exports in under 1 GB in all; past the budget the job fails with a message
 * instead of the server growing.
 */
export const DEFAULT_EXPORT_MEMORY_MB = 2048;

/**
 * How long the highlighter may spend on one line of code before it gives up and leaves the
 * rest of the line uncoloured. Shiki's default, half a second, is reached on a loaded machine
 * by ordinary code the first time a grammar's patterns are compiled, so the same page came out
 * coloured differently from one export to the next; this is far above that, and still bounds a
 * line written to make a grammar's patterns backtrack.
 */
export const HIGHLIGHT_LINE_TIME_LIMIT_MS = 10_000;

/**
 * Lines of code longer than this are shown uncoloured: such a line is minified or generated
 * data, not something a reader reads token by token, and colouring it costs more than linearly
 * (a 740 KB line of JSON took 30 s).
 */
export const MAX_HIGHLIGHTED_LINE_LENGTH = 20_000;

/**
 * How long TypeScript may type-check one twoslash block before its thread is stopped (and
 * started again for the next block) and the block is shown without types. An ordinary block
 * takes 20–50 ms once the standard library is read; a type written to explode (a mapped type
 * over 10,000 × 10,000 keys) runs for minutes.
 */
export const TWOSLASH_BLOCK_TIME_LIMIT_MS = 10_000;

/**
 * How long the twoslash thread may take to load TypeScript and read its standard library
 * (about a second and a half, several on a loaded machine) before its blocks are given up.
 */
export const TWOSLASH_START_TIME_LIMIT_MS = 60_000;

/**
 * The twoslash thread's heap, in MB. TypeScript with its standard library read uses about
 * 100 MB; a block that makes the checker build enormous types ends here, not in the export's
 * own heap.
 */
export const TWOSLASH_MEMORY_MB = 512;
