// Hands a downloaded Blob to the browser: saved under a name, or opened in a tab (PDF, images).

/** Saves the file through a temporary link; the object URL is freed once the click has been taken. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A tab to fill once the file has arrived: opened now, inside the click, because a window opened
 * after an await is blocked as a pop-up. Lark's webview may refuse it (null): then `show` saves.
 */
export function openFileWindow(): { show: (blob: Blob, name: string) => void; close: () => void } {
  const win = window.open('', '_blank');
  return {
    show: (blob, name) => {
      if (!win || win.closed) {
        saveFile(blob, name);
        return;
      }
      win.location.href = URL.createObjectURL(blob);
    },
    close: () => win?.close(),
  };
}
