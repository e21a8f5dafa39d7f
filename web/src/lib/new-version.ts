// A screen chunk that cannot load is most often one a new deploy removed: the tab still runs the old
// build, whose hashed chunk names are gone from the server. Which build a page runs is the entry
// script index.html names (/assets/index-<hash>.js); the server's index.html names the deployed one.
// When they differ, the page reloads once to pick up the new build. sessionStorage remembers the
// build it reloaded for, so a chunk that is still missing after that reload never loops.

/** The key under which the build this tab reloaded for is kept. */
export const RELOADED_FOR_KEY = 'portal-reloaded-for-build';

/** The entry script's path in an HTML document: what identifies a build. */
export function entryScriptOf(doc: Document): string | null {
  return doc.querySelector('script[type="module"][src]')?.getAttribute('src') ?? null;
}

/**
 * The entry script of the index.html the server now deploys, or null when it cannot be read (the
 * server is down, or answered something other than the page).
 */
export async function deployedEntryScript(): Promise<string | null> {
  try {
    const response = await fetch(import.meta.env.BASE_URL, {
      cache: 'no-store',
      headers: { Accept: 'text/html' },
    });
    if (!response.ok) return null;
    const html = await response.text();
    return entryScriptOf(new DOMParser().parseFromString(html, 'text/html'));
  } catch {
    return null;
  }
}

/** The build now deployed when it is not the one this page runs, else null. */
export async function newerBuild(): Promise<string | null> {
  const running = entryScriptOf(document);
  const deployed = await deployedEntryScript();
  return running !== null && deployed !== null && deployed !== running ? deployed : null;
}

function readReloadedFor(): string | null {
  try {
    return sessionStorage.getItem(RELOADED_FOR_KEY);
  } catch {
    return null;
  }
}

/**
 * Reloads the page for `build` unless this tab already did: true when it reloads. Without
 * sessionStorage (a private mode that refuses it) it never reloads by itself, as it could not tell.
 */
export function reloadOnceFor(build: string): boolean {
  if (readReloadedFor() === build) return false;
  try {
    sessionStorage.setItem(RELOADED_FOR_KEY, build);
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
