export {
  CLIENT_MESSAGE_KEYS,
  type ClientMessageKey,
  clientMessagesJson,
  ENGLISH,
  fillMessage,
  type MessageKey,
  type Messages,
  messagesFor,
  PLAYGROUND_MESSAGE_KEYS,
  type PlaygroundMessageKey,
  playgroundMessagesJson,
} from "./catalogue.ts";
export { TRANSLATIONS } from "./translations.ts";
