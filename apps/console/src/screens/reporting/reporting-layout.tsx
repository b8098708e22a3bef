// The reporting page's two columns: the reporting menu as a side rail of 17rem beside the report, or
// the report alone (on a narrow screen the menu opens from a bar under its heading instead).
import type { ReactNode } from 'react';

export type ReportingLayoutProps = {
  /** The side rail's content (the reporting menu); none on a narrow screen. */
  rail?: ReactNode;
  children: ReactNode;
};

/**
 * The rail keeps its 17rem whatever it holds: `min-w-0` lets its content (a long timezone name, a
 * creative's name) be truncated inside it instead of widening it under the report, which would paint
 * over it.
 */
export function ReportingLayout({ rail, children }: ReportingLayoutProps) {
  return (
    <div
      data-slot="reporting-layout"
      className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[17rem_minmax(0,1fr)] print:block"
    >
      {rail ? (
        <aside aria-label="Reporting menu" data-slot="reporting-rail" className="min-w-0 print:hidden">
          {rail}
        </aside>
      ) : null}
      {children}
    </div>
  );
}
