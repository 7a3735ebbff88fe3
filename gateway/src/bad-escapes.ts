/** Whether the address of a request has a malformed %-escape (`?x=%`, `%zz`, a broken UTF-8 sequence). */
export function hasBadEscape(url: string): boolean {
  if (!url.includes('%')) return false;
  try {
    decodeURIComponent(url);
    return false;
  } catch {
    return true;
  }
}
