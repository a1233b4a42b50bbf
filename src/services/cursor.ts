import { QuireError } from "../domain/errors.ts";

/**
 * The cursor of a newest-first list: the last item's creation time and id, opaque to clients.
 * Agent jobs (the API and the dashboard) and export jobs (the dashboard) page with it.
 */
export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString("base64url");
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === "string" &&
      typeof value[1] === "string" &&
      !Number.isNaN(Date.parse(value[0]))
    ) {
      return { createdAt: value[0], id: value[1] };
    }
  } catch {
    // Reported below.
  }
  throw new QuireError(
    "QUIRE_ERR_REQUEST_INVALID",
    "cursor is not one this API returned: pass nextCursor from the previous page unchanged",
  );
}
