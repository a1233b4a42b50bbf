/**
 * The shapes WebSocket reference pages are built from: one channel of an AsyncAPI document,
 * read by the parser once in the main thread and kept as plain data, so it crosses to the
 * render threads (which never parse or fetch). Schemas are dereferenced JSON Schema objects;
 * a `$ref` cycle is an object that contains itself.
 */
import type { Schema } from "../openapi/types.ts";

export interface ChannelDoc {
  /** Repository-relative document, or the URL it was fetched from. */
  spec: string;
  /** The channel's key under `channels`. */
  id: string;
  address?: string;
  title?: string;
  summary?: string;
  description?: string;
  servers: ChannelServer[];
  parameters: ChannelParameter[];
  /** The document's `send` and `receive` operations on this channel, in its order. */
  operations: ChannelOperation[];
  /** Messages of the channel that no operation names (shown on their own). */
  otherMessages: MessageDoc[];
  /** A digest of the document and every file it references, for the render cache. */
  digest: string;
}

export interface ChannelServer {
  id: string;
  protocol: string;
  host: string;
  pathname?: string;
  description?: string;
  /** `wss://host/pathname/address`, for the reader to copy. */
  url: string;
}

export interface ChannelParameter {
  name: string;
  description?: string;
  enum?: string[];
  default?: string;
  examples?: string[];
}

export interface ChannelOperation {
  id: string;
  action: "send" | "receive";
  title?: string;
  summary?: string;
  description?: string;
  messages: MessageDoc[];
}

export interface MessageDoc {
  id: string;
  name?: string;
  title?: string;
  summary?: string;
  description?: string;
  contentType?: string;
  payload?: Schema;
  headers?: Schema;
  examples: MessageExample[];
}

export interface MessageExample {
  name?: string;
  summary?: string;
  payload?: unknown;
  headers?: unknown;
}
