/**
 * The words of the page menu, the feedback widget, the edit links and the last-modified line, in
 * one place, so they can move into the interface-string catalogue as they are.
 */
export const READER_TEXT = {
  menuLabel: "Page actions",
  moreActions: "More page actions",
  copy: { title: "Copy page", description: "Copy the page as Markdown for LLMs" },
  view: { title: "View as Markdown", description: "View this page as plain text" },
  chatgpt: { title: "Open in ChatGPT", description: "Ask questions about this page" },
  claude: { title: "Open in Claude", description: "Ask questions about this page" },
  perplexity: { title: "Open in Perplexity", description: "Ask questions about this page" },
  grok: { title: "Open in Grok", description: "Ask questions about this page" },
  aistudio: { title: "Open in Google AI Studio", description: "Ask questions about this page" },
  mcp: { title: "Copy MCP server", description: "Copy the MCP server URL to the clipboard" },
  "add-mcp": {
    title: "Copy MCP install command",
    description: "Copy the command that installs the MCP server",
  },
  cursor: { title: "Connect to Cursor", description: "Install the MCP server in Cursor" },
  vscode: { title: "Connect to VS Code", description: "Install the MCP server in VS Code" },
  /** The question put to an AI tool; `{url}` is the page's address. */
  aiPrompt: "Read {url} so I can ask questions about it.",
  copied: "Copied",
  copyFailed: "Copy failed",
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
  /** `{date}` is the formatted date. */
  lastModified: "Last modified on {date}",
} as const;
