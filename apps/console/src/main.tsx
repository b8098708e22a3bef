// Must stay the first import: it configures zod before any schema exists.
import './lib/zod-jitless';
import { SERVER_VIEW_ATTRIBUTE } from '@adconsole/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ServerUnreachable } from './components/server-unreachable';
import { Frames, startFrames } from './frames';
import { nextTask } from './lib/after-paint';
import { loadPublicConfig } from './lib/config-queries';
import { dropServerView } from './lib/server-view';
import { applyTheme, settingsStore } from './settings/settings';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element to mount the console in.');

applyTheme();
settingsStore.subscribe(() => applyTheme());
const root = createRoot(container);
// A report the server drew is read-only until touched (docs/console.md, "The share page read-only until
// touched"): its charts and tables are on screen already, so their code is fetched with the
// console's, and the console's page, which replaces the drawing, draws them as soon as it can.
const reportCode = document.querySelector(`[${SERVER_VIEW_ATTRIBUTE}] [data-slot="report-view"]`)
  ? import('./screens/reporting/report-code').then((code) => code.loadAllReportCode())
  : undefined;
/** Renders the page's frame once the public config has loaded, or what tells the server is unreachable. */
async function start() {
  try {
    // The console needs the server's settings (the company domain) before any call or form: inlined in
    // the page the server sends, so this resolves without a round trip.
    await loadPublicConfig();
    await reportCode?.catch(() => undefined);
    root.render(
      <StrictMode>
        <Frames />
      </StrictMode>,
    );
    await startFrames();
  } catch (error) {
    dropServerView();
    root.render(<ServerUnreachable error={error} />);
  }
}

// Not a top-level await: Rolldown merges the chunks the entry shares with lazy screens into the entry
// (one file to fetch and compress instead of a score) only in a module graph without one. Started in
// the task after the one that ran the modules: on a share page, where the console starts after the
// paint, the two together were one blocking task (docs/console.md, "The console's takeover in slices").
void nextTask().then(start);
