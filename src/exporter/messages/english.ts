/**
 * Every string the theme shows a reader (visible text and accessible names), in English: the
 * catalogue's reference and the fallback for a language it does not know. `{name}` marks a value
 * filled in where the string is used.
 */
export const ENGLISH = {
  skipToContent: "Skip to content",
  search: "Search…",
  searchDocumentation: "Search the documentation",
  closeSearch: "Close search",
  searchResults: "Search results",
  searchHelpMove: "to move",
  searchHelpOpen: "to open",
  searchHelpClose: "to close",
  searchLoading: "Loading…",
  searchNoResults: "No results for “{query}”",
  searchOneResult: "1 result",
  searchResultCount: "{count} results",
  searchUnavailable: "Search is unavailable: its index could not be loaded.",
  openNavigation: "Open navigation",
  closeNavigation: "Close navigation",
  documentationNavigation: "Documentation",
  siteNavigation: "Site",
  sectionsNavigation: "Sections",
  toggleTheme: "Switch between light and dark theme",
  announcement: "Announcement",
  dismissBanner: "Dismiss banner",
  onThisPage: "On this page",
  copyPage: "Copy page",
  copy: "Copy",
  copyCode: "Copy code",
  copied: "Copied",
  copyFailed: "Copy failed",
  pressCtrlC: "Press Ctrl+C",
  showMore: "Show more",
  showLess: "Show less",
  previous: "Previous",
  next: "Next",
  pagination: "Previous and next pages",
  breadcrumb: "Breadcrumb",
  inThisSection: "In this section",
  deprecated: "Deprecated",
  deprecatedNotice:
    "This page is deprecated: what it describes is kept for reference and may be removed.",
  notFoundTitle: "Page not found",
  notFoundDescription: "The page you are looking for does not exist or has moved.",
  goTo: "Go to {name}",
  /** A heading's anchor link; `{heading}` is the heading's text. */
  linkToHeading: "Link to {heading}",
  view: "View",
  language: "Language",
  version: "Version",
  section: "Section",
  // The page menu (Mintlify's contextual menu); `{tool}` names an AI tool or an editor.
  pageActions: "Page actions",
  morePageActions: "More page actions",
  copyPageDescription: "Copy the page as Markdown for LLMs",
  viewAsMarkdown: "View as Markdown",
  viewAsMarkdownDescription: "View this page as plain text",
  openInTool: "Open in {tool}",
  askAboutPage: "Ask questions about this page",
  copyMcpServer: "Copy MCP server",
  copyMcpServerDescription: "Copy the MCP server URL to the clipboard",
  copyMcpInstall: "Copy MCP install command",
  copyMcpInstallDescription: "Copy the command that installs the MCP server",
  connectToTool: "Connect to {tool}",
  installMcpInTool: "Install the MCP server in {tool}",
  /** The question put to an AI tool; `{url}` is the page's address. */
  aiPrompt: "Read {url} so I can ask questions about it.",
  // The end of a page: feedback, edit links, last-modified line; the RSS button.
  feedbackQuestion: "Was this page helpful?",
  feedbackYes: "Yes",
  feedbackNo: "No",
  feedbackThanks: "Thank you for your feedback.",
  feedbackFailed: "Your feedback could not be sent.",
  suggestEdits: "Suggest edits",
  raiseIssue: "Raise issue",
  /** The title of an issue raised from a page. */
  issueTitle: "Issue on docs",
  rssFeed: "RSS feed",
  /** `{date}` is the date, written in the page's language. */
  lastModified: "Last modified on {date}",
  // Components' labels and default titles.
  calloutNote: "Note",
  calloutTip: "Tip",
  calloutInfo: "Info",
  calloutWarning: "Warning",
  calloutCheck: "Check",
  calloutDanger: "Danger",
  callout: "Callout",
  details: "Details",
  update: "Update",
  tab: "Tab",
  exampleNumber: "Example {number}",
  request: "Request",
  response: "Response",
  chooseExample: "Choose an example",
  prompt: "Prompt",
  copyPrompt: "Copy prompt",
  openPromptInTool: "Open the prompt in {tool}",
  examples: "Examples",
  // Fields and API reference pages.
  fieldRequired: "required",
  fieldDeprecated: "deprecated",
  readOnly: "read-only",
  writeOnly: "write-only",
  /** Shown before a field's default value, an example, its options or limits (each in code). */
  defaultLabel: "Default:",
  exampleLabel: "Example:",
  availableOptions: "Available options:",
  constraintsLabel: "Constraints:",
  /** `{title}` is what the collapsed part holds (a field's properties). */
  showTitle: "Show {title}",
  properties: "properties",
  showChildAttributes: "Show child attributes",
  /** The same, for the fields of an array's items. */
  showItemAttributes: "Show item attributes",
  anyOtherKey: "any other key",
  oneOfThese: "One of these",
  anyOfThese: "Any of these",
  optionNumber: "Option {number}",
  recursiveSchema: "Recursive: the same object as above.",
  /** `{title}` is the schema's title (`Task`). */
  recursiveSchemaNamed: "Recursive: the same {title} as above.",
  pathParameters: "Path parameters",
  queryParameters: "Query parameters",
  headers: "Headers",
  cookies: "Cookies",
  body: "Body",
  payload: "Payload",
  noContent: "No content.",
  authorizations: "Authorizations",
  anyAuthorization: "Any one of these authorizations is accepted.",
  /** How each kind of authorization is sent; `{name}` is the header's or parameter's name. */
  basicAuthDescription:
    "Basic authentication header of the form Basic <encoded-value>, where <encoded-value> is the base64 encoding of username:password.",
  bearerAuthDescription:
    "Bearer authentication header of the form Bearer <token>, where <token> is your token.",
  /** `{format}` is the token's format as the API names it (`JWT`). */
  bearerFormatAuthDescription:
    "Bearer authentication header of the form Bearer <token>, where <token> is your {format} token.",
  apiKeyInHeader: "An API key in the header named {name}.",
  apiKeyInQuery: "An API key in the query parameter {name}.",
  apiKeyInCookie: "An API key in the cookie parameter {name}.",
  /** After "One of these": the property that tells the options apart (shown as code). */
  chosenBy: "(chosen by {property})",
  endpointDeprecated: "This endpoint is deprecated.",
  servers: "Servers",
  // AsyncAPI channel pages.
  parameters: "Parameters",
  messages: "Messages",
  receive: "Receive",
  examplesLabel: "Examples:",
  // The API playground.
  tryIt: "Try it",
  playgroundNeedsJavaScript:
    "The playground needs JavaScript; the examples below show the same request.",
  send: "Send",
  cancel: "Cancel",
  close: "Close",
  server: "Server",
  baseUrl: "Base URL",
  otherBaseUrl: "Other base URL",
  headerParameters: "Header parameters",
  notSet: "(not set)",
  authorization: "Authorization",
  forgetCredentials: "Forget credentials",
  credentialsKept: "Kept in this tab only, until it is closed.",
  ctrlEnterSends: "Ctrl+Enter sends.",
  formFieldsAsJson: "The fields as a JSON object. Ctrl+Enter sends.",
  /** `{request}` is the method and the URL. */
  sending: "Sending {request}…",
  noAnswerWithin: "No answer within {seconds} seconds: the request was cancelled.",
  cancelled: "Cancelled.",
  noBody: "No body.",
  responseHeaders: "Response headers ({count})",
  enterBaseUrl: "Enter the base URL to send the request to.",
  fillPathParameter: "Fill in the path parameter {name}.",
  invalidUrl: "{url} is not a valid http or https URL.",
  /** `{reason}` is the browser's own message. */
  requestNotBuilt: "The request can't be built: {reason}",
  /** `{problem}` is one of the two strings below it. */
  invalidJson:
    "The body is not valid JSON: at line {line}, column {column}, {problem}. Nothing was sent.",
  jsonUnexpected: "unexpected {character}",
  jsonEndsEarly: "it ends too early",
  /** The credentials' labels; Basic authentication's two inputs, `{label}` that label. */
  bearerToken: "Bearer token",
  usernameAndPassword: "Username and password",
  userNameOf: "{label}: user name",
  passwordOf: "{label}: password",
  sentAsBearer: "Sent as Authorization: Bearer …",
  sentInHeader: "Sent in the header {name}",
  sentInQuery: "Sent in the query parameter {name}",
  /** What the playground cannot send: `{names}` lists the two strings below it. */
  cookiesNotSent:
    "Not sent: {names}. A page can't set cookies for another site, so the playground can't send them.",
  apiKeyCookie: "the API key cookie {name}",
  cookieParameter: "the cookie {name}",
  corsHeadersOnly: "Only the headers the API exposes to other sites (CORS) can be read here.",
  sentThroughProxy: "(sent through this site's proxy)",
  requestFailed:
    "The request to {url} failed: it didn't reach the server, or the browser blocked the answer. Likely causes:",
  causeCors:
    "the API doesn't allow cross-origin requests from this site (CORS): it must answer with Access-Control-Allow-Origin",
  causeUnreachable: "the server is unreachable, or the URL is wrong",
  causeMixedContent: "mixed content: a page served over https can't call an http URL",
  developerConsole: "The browser's developer console names the exact cause.",
  /** `{count}` is written with the page's language's digit grouping. */
  byteCount: "{count} bytes",
  /** `{size}` is a byte count as above; `{type}` the body's media type. */
  binaryBody: "Binary body, {size}.",
  binaryBodyOfType: "Binary body, {size} ({type}).",
  showingFirstMegabyte: "Showing the first 1 MB of {size}.",
  proxyGaveNoReason: "The site's proxy answered {status} without saying why.",
  proxyRefused: "The site's proxy did not send the request: {reason}",
  statusNotShowable: "The API answered with status {status}, which a page cannot show.",
  // The assistant's dialog.
  askAi: "Ask AI",
  askAiAboutDocumentation: "Ask AI about the documentation",
  askAiAboutThis: "Ask AI about this",
  closeAssistant: "Close the assistant",
  assistantQuestion: "Your question about the documentation",
  assistantPlaceholder: "Ask a question about these docs",
  ask: "Ask",
  sources: "Sources",
  assistantNote:
    "Answers are written by an AI model from these pages and may be wrong: check the sources.",
  assistantSearching: "Looking through the documentation…",
  assistantWriting: "Writing an answer…",
  assistantNoAnswer: "The assistant gave no answer.",
  /** Reasons for `assistantFailed` when the service gives none: `{status}` is its HTTP status. */
  assistantAnsweredStatus: "the assistant answered {status}",
  assistantAnswerFailed: "the answer failed",
  /** `{reason}` is why the answer failed, as the assistant's service gave it. */
  assistantFailed: "Sorry: {reason}",
  // Zoomed images and diagrams, the changelog's tag filter.
  image: "Image",
  zoomIn: "Zoom in",
  zoomOut: "Zoom out",
  moveUp: "Move up",
  moveDown: "Move down",
  moveLeft: "Move left",
  moveRight: "Move right",
  resetView: "Reset view",
  filterUpdates: "Filter updates by tag",
} as const;

export type MessageKey = keyof typeof ENGLISH;

/** One language's strings: every key of the catalogue. */
export type Messages = Readonly<Record<MessageKey, string>>;
