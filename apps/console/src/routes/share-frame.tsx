// What a shared report page stands in (docs/product.md §2): no side menu, header info or footer; the top
// bar keeps the light/dark switch and nothing of an account (no Sign In link, no reader's name: shared
// reports are read without accounts). Props only: the share layout draws it in the browser, and the
// server draws it around the report it sends (server/shared-report.tsx), so both pages stand in the
// same frame.
import { type Theme, TopBar } from '@adconsole/ui';
import type { ReactNode } from 'react';

export type ShareFrameProps = {
  companyName: string;
  /** What the page is, after the company's name ('Shared report' unless told). */
  title?: string;
  theme: Theme;
  onThemeChange: (theme: Theme) => void;
  children: ReactNode;
};

export function ShareFrame({
  companyName,
  title = 'Shared report',
  theme,
  onThemeChange,
  children,
}: ShareFrameProps) {
  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <div className="print:hidden">
        <TopBar
          breadcrumbs={
            <span className="font-semibold">
              {companyName} · {title}
            </span>
          }
          theme={theme}
          onThemeChange={onThemeChange}
          signInHref={null}
        />
      </div>
      <main className="mx-auto w-full max-w-[100rem] flex-1 p-4 lg:p-6 print:p-0">{children}</main>
    </div>
  );
}
