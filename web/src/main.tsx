import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@douyinfe/semi-ui/lib/es/_base/base.css';
import './theme.css';
import './index.css';
import { App } from './app/app.tsx';
import { createRouter } from './app/router.tsx';
import { meQueryOptions } from './features/auth/api/get-me.ts';
import { queryClient } from './lib/query-client.ts';
import { startAriaRepair } from './lib/aria-repair.ts';
import { hasAccessToken } from './stores/session-store.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** The page's classic script (build/browser-check-script.ts) found this browser lacking: it shows why. */
const unsupported = (window as { __portalUnsupported?: boolean }).__portalUnsupported === true;

if (!unsupported) {
  startAriaRepair();
  // A returning visitor's user is asked for now, and the router made before React renders anything:
  // it starts the route's code (which the page's HTML had the browser fetch already) and loaders at
  // once, so the shell waits for neither the first render nor the other (issue #20, first paint).
  if (hasAccessToken()) void queryClient.prefetchQuery(meQueryOptions());
  const router = createRouter();
  createRoot(container).render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
}
