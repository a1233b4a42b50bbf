const HIDDEN = "[redacted]";

/** Text without the user name and password a URL may carry (`https://user:token@host/…`). */
export function redactUrl(text: string): string {
  return text.replace(/(\/\/)[^/@\s]*@/g, "$1");
}

/** Text without any of the secrets (longest first, so no part of one is left) nor URL credentials. */
export function redact(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of [...secrets].filter(Boolean).sort((a, b) => b.length - a.length))
    result = result.replaceAll(secret, HIDDEN);
  return redactUrl(result);
}
