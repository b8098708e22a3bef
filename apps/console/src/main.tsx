import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { loadPublicConfig } from './lib/api';
import { applyTheme, settingsStore } from './settings/settings';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the console in.');

applyTheme();
settingsStore.subscribe(() => applyTheme());
// The console needs the server's settings (the company domain) before any form can validate.
await loadPublicConfig().catch((error: unknown) => console.error(error));
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
