// The public preview page's frame (docs/product.md §4, "Approval"): the share frame titled "Preview",
// with the reader's theme and nothing of a session.
import { Outlet } from 'react-router-dom';
import { publicConfig } from '../lib/public-config';
import { QueryProvider } from '../lib/query-client';
import { toggleTheme, useSettings } from '../settings/settings';
import { ShareFrame } from './share-frame';

export function PreviewPageLayout() {
  const settings = useSettings();
  return (
    <QueryProvider>
      <ShareFrame
        companyName={publicConfig().companyName}
        title="Preview"
        theme={settings.darkMode ? 'dark' : 'light'}
        onThemeChange={toggleTheme}
      >
        <Outlet />
      </ShareFrame>
    </QueryProvider>
  );
}
