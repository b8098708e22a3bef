// The report's charts' and tables' code (docs/console.md, "Code when the reader comes near it"): two
// files reached only through dynamic imports, each asked for when the first section that draws it comes
// near the screen (it is then drawn inside `NearViewport`), and never before the page's first paint. On
// a phone the tables (Figures, the breakdown's table) are far below the first screen: their code waits
// until the reader scrolls towards them, and a reader who never does never runs it.
import * as React from 'react';
import { afterFirstPaint } from '../../lib/after-paint';
import { transitionValue, useTransitionValue } from '../../lib/transition-value';

export type ChartsCode = typeof import('./report-charts');
export type TablesCode = typeof import('./report-tables');
/** What has arrived of the two files. */
type ReportCode = { charts?: ChartsCode | undefined; tables?: TablesCode | undefined };
type Part = keyof ReportCode;

const importers: { [part in Part]: () => Promise<NonNullable<ReportCode[part]>> } = {
  charts: () => import('./report-charts'),
  tables: () => import('./report-tables'),
};

/** What has arrived (lib/transition-value.ts: drawn in a transition, not one long task). */
const arrived = transitionValue<ReportCode>({});
const loading = new Map<Part, Promise<void>>();

/** Loads a part's code once (again after a failure); every drawing report gets it. */
export function loadReportCode(part: Part): Promise<void> {
  let promise = loading.get(part);
  if (!promise) {
    promise = importers[part]().then(
      (module) => arrived.set({ ...arrived.get(), [part]: module }),
      (error: unknown) => {
        loading.delete(part);
        throw error;
      },
    );
    loading.set(part, promise);
  }
  return promise;
}

/** Both parts, for what draws the whole report at once (the stories, the server's drawing). */
export async function loadAllReportCode(): Promise<ChartsCode & TablesCode> {
  await Promise.all([loadReportCode('charts'), loadReportCode('tables')]);
  const { charts, tables } = arrived.get();
  return { ...(charts as ChartsCode), ...(tables as TablesCode) };
}

/** The code that has arrived; what arrives later is drawn in a transition. */
export function useReportCode(): ReportCode {
  return useTransitionValue(arrived);
}

/**
 * Asks for a part's code where it is drawn: inside `NearViewport`, once the reader comes near; at once
 * where nothing waits (a story, printing). Never before the first paint (lib/after-paint.ts).
 */
export function NeedsCode({ part }: { part: Part }) {
  React.useEffect(() => afterFirstPaint(() => void loadReportCode(part).catch(() => undefined)), [part]);
  return null;
}
