import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@douyinfe/semi-ui/lib/es/_base/base.css';
import './theme.css';
import './index.css';
import { App } from './app/app.tsx';
import { meQueryOptions } from './features/auth/api/get-me.ts';
import { queryClient } from './lib/query-client.ts';
import { startAriaRepair } from './lib/aria-repair.ts';
import { hasAccessToken } from './stores/session-store.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

startAriaRepair();
// A returning visitor's user is asked for now, while the router loads the shell's code: the shell
// renders once it has both, so neither waits for the other (issue #20, first paint and first row).
if (hasAccessToken()) void queryClient.prefetchQuery(meQueryOptions());
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
