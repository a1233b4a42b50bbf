/**
 * micromark tries a construct as an interruption with `this` set to
 * `Object.assign(Object.create(context), {interrupt: true})`: an object whose prototype is the
 * tokenizer's context, so that it reads the context's fields as they change. A context that
 * becomes a prototype is kept by V8's young-generation collections (only a full collection lets
 * it go), and with it everything it reaches: its events, their tokens, the parser. So every
 * page's parse was moved to the old generation, ~170 KB a page, which filled it for a full
 * collection every ~110 pages; each one dropped the optimized code that had embedded the maps of
 * the parse's objects, and the next pages compiled it again (decisions.md, "An eighth pass").
 *
 * While `run` parses, such a call gets instead a proxy that reads through to the context: the
 * same reads, writes and `in` as the object micromark asked for, with no prototype made.
 */
export function withoutContextPrototypes<T>(run: () => T): T {
  const previous = Object.create;
  Object.create = createOrView;
  try {
    return run();
  } finally {
    Object.create = previous;
  }
}

type Fields = Record<PropertyKey, unknown>;

const create = Object.create;

/** One function for every parse: a new one each time would be a new call target each time. */
const createOrView = function createOrView(
  prototype: object | null,
  properties?: PropertyDescriptorMap,
): object {
  if (properties !== undefined) return create(prototype, properties);
  return isTokenizerContext(prototype)
    ? new Proxy({ [CONTEXT]: prototype }, READ_THROUGH)
    : create(prototype);
} as typeof Object.create;

/** Where a view keeps the context it reads through to. */
const CONTEXT = Symbol("context");

type View = Fields & { [CONTEXT]: Fields };

/** Own fields first (`interrupt`, and any a construct sets), then the context's, as they are now. */
const READ_THROUGH: ProxyHandler<View> = {
  get: (view, key) => (Object.hasOwn(view, key) ? view[key] : view[CONTEXT][key]),
  has: (view, key) => key in view || key in view[CONTEXT],
};

/** micromark's `TokenizeContext`: the fields its tokenizers make and no other object has. */
function isTokenizerContext(value: object | null): value is Fields {
  return (
    value !== null &&
    Object.hasOwn(value, "sliceSerialize") &&
    Object.hasOwn(value, "defineSkip") &&
    Object.hasOwn(value, "parser")
  );
}
