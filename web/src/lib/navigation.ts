// Lets code outside React (the API client) move the router. The app registers the router's own
// navigate at start; until then, and in a bare page, the browser location is used.
type Navigate = (to: string, options?: { replace?: boolean }) => void;

const browserNavigate: Navigate = (to, options) => {
  if (options?.replace) window.location.replace(to);
  else window.location.assign(to);
};

let current: Navigate = browserNavigate;

export function setNavigate(navigate: Navigate | null): void {
  current = navigate ?? browserNavigate;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  current(to, options);
}
