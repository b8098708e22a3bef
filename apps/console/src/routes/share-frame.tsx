// What a shared report page stands in (docs/product.md §2): no side menu, header info or footer; the top
// bar keeps the light/dark switch and shows a Sign In link to visitors who are not signed in. Props
// only: the share layout draws it in the browser, and the server draws it around the report it sends
// (server/shared-report.tsx), so both pages stand in the same frame.
import { type RenderLink, type Theme, TopBar } from '@adconsole/ui';
import type { ReactNode } from 'react';

export type ShareFrameProps = {
  companyName: string;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  /** The signed-in reader (their profile link), or none: a Sign In link. */
  user?: { name: string; href: string } | undefined;
  renderLink?: RenderLink | undefined;
  children: ReactNode;
};

export function ShareFrame({
  companyName,
  theme,
  onThemeChange,
  user,
  renderLink,
  children,
}: ShareFrameProps) {
  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <div className="print:hidden">
        <TopBar
          breadcrumbs={<span className="font-semibold">{companyName} · Shared report</span>}
          theme={theme}
          onThemeChange={onThemeChange}
          user={user}
          renderLink={renderLink}
        />
      </div>
      <main className="mx-auto w-full max-w-[100rem] flex-1 p-4 lg:p-6 print:p-0">{children}</main>
    </div>
  );
}
