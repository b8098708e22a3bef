// The reporting page's two columns: the reporting menu as a side rail of 17rem beside the report, or
// the report alone (on a narrow screen the menu opens from a bar under its heading instead).
import { cn } from '@adconsole/ui';
import type { ReactNode } from 'react';

export type ReportingLayoutProps = {
  /** The side rail's content (the reporting menu); none on a narrow screen. */
  rail?: ReactNode;
  /**
   * The rail is hidden below the side-by-side width by the stylesheet (a page drawn without knowing the
   * window's width: the server's first view of a share page).
   */
  railOnWideScreensOnly?: boolean;
  children: ReactNode;
};

/**
 * The rail keeps its 17rem whatever it holds: `min-w-0` lets its content (a long timezone name, a
 * creative's name) be truncated inside it instead of widening it under the report, which would paint
 * over it.
 */
export function ReportingLayout({ rail, railOnWideScreensOnly = false, children }: ReportingLayoutProps) {
  return (
    <div
      data-slot="reporting-layout"
      className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] print:block"
    >
      {rail ? (
        <aside
          aria-label="Reporting menu"
          data-slot="reporting-rail"
          className={cn('min-w-0 print:hidden', railOnWideScreensOnly && 'max-lg:hidden')}
        >
          {rail}
        </aside>
      ) : null}
      {children}
    </div>
  );
}
