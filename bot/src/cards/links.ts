// Portal pages a card opens (shared/src/workflow/task-links.ts), wrapped so that Lark opens them in
// its in-app browser, where the portal signs the user in silently.

/** `applink` holds `{url}` (config LARK_APPLINK). */
export function openInLark(applink: string, publicUrl: string, path: string): string {
  return applink.replace('{url}', encodeURIComponent(`${publicUrl}${path}`));
}
