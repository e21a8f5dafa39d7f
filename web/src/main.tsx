import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@douyinfe/semi-ui/lib/es/_base/base.css';
import './theme.css';
import './index.css';
import { App } from './app/app.tsx';
import { startAriaRepair } from './lib/aria-repair.ts';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

startAriaRepair();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
