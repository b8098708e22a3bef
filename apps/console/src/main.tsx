import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ServerUnreachable } from './components/server-unreachable';
import { loadPublicConfig } from './lib/api';
import { applyTheme, settingsStore } from './settings/settings';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the console in.');

applyTheme();
settingsStore.subscribe(() => applyTheme());
const root = createRoot(container);
try {
  // The console needs the server's settings (the company domain) before any call or form.
  await loadPublicConfig();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch (error) {
  root.render(<ServerUnreachable error={error} />);
}
