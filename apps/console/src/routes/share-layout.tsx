// Shared report pages (docs/product.md §2) in the browser: the share frame (share-frame.tsx) with the
// reader's theme; nothing of a session (the frame shows no account). The server may have drawn the
// page already (lib/server-view.ts): it goes once this page has drawn what is on the screen.
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { publicConfig } from '../lib/public-config';
import { QueryProvider } from '../lib/query-client';
import { dropServerViewWhenDrawn } from '../lib/server-view';
import { toggleTheme, useSettings } from '../settings/settings';
import { ShareFrame } from './share-frame';

export function SharePageLayout() {
  const settings = useSettings();
  useEffect(() => dropServerViewWhenDrawn(), []);
  return (
    <QueryProvider>
      <ShareFrame
        companyName={publicConfig().companyName}
        theme={settings.darkMode ? 'dark' : 'light'}
        onThemeChange={toggleTheme}
      >
        <Outlet />
      </ShareFrame>
    </QueryProvider>
  );
}
