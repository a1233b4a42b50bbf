/**
 * The names a repository component may use without importing them, as on Mintlify: the JSX
 * factory that the compiler writes (`h`, `Fragment`), `React` itself and its hooks. The
 * sandbox's prelude defines each as a global; in the browser every compiled module is a
 * function taking them as parameters, in this order, filled from Preact's compat layer.
 */
export const AMBIENT_NAMES = [
  "h",
  "Fragment",
  "React",
  "createElement",
  "createContext",
  "memo",
  "forwardRef",
  "useState",
  "useReducer",
  "useEffect",
  "useLayoutEffect",
  "useInsertionEffect",
  "useRef",
  "useMemo",
  "useCallback",
  "useContext",
  "useId",
  "useImperativeHandle",
  "useTransition",
  "useDeferredValue",
] as const;

export type AmbientName = (typeof AMBIENT_NAMES)[number];

/** The global through which the browser modules register with the page's runtime. */
export const ISLAND_REGISTRY = "__quireIslands";

/** The element holding a page's island data (JSON), read by the runtime. */
export const ISLAND_DATA_ID = "quire-islands";

/** One component instance the browser hydrates: where its code is and what it was given. */
export interface IslandRecord {
  /** The repository file whose module exports the component. */
  module: string;
  export: string;
  props: Record<string, unknown>;
  /** Quire's HTML of the element's children, passed as `children`. */
  children?: string;
  /** Used inside a paragraph: its children's wrapper is a `span`, not a `div`. */
  inline?: boolean;
}

/** What a page tells the runtime: its islands, and which bundle module holds each file's code. */
export interface IslandData {
  /** Repository file → content key of its browser module (`_quire/components/<key>.js`). */
  modules: Record<string, string>;
  islands: IslandRecord[];
  /** An air-gapped page: the runtime never lets a component load anything from another host. */
  airGapped?: boolean;
}
