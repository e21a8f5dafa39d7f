// Portal pages a card opens (the web's routes, as the API's bell notifications link them), wrapped
// so that Lark opens them in its in-app browser, where the portal signs the user in silently.
export const portalPath = {
  approval: (taskId: number, nodeId: number) => `/task/tasks/approval/${taskId}/nodes/${nodeId}`,
  mine: (taskId: number, status: string) =>
    status === '01' || status === '02'
      ? `/task/tasks/unresolved/${taskId}`
      : `/task/tasks/finished/${taskId}`,
} as const;

/** `applink` holds `{url}` (config LARK_APPLINK). */
export function openInLark(applink: string, publicUrl: string, path: string): string {
  return applink.replace('{url}', encodeURIComponent(`${publicUrl}${path}`));
}
