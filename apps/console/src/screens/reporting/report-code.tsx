// The report's charts' and tables' code (docs/console.md, "Code when the reader comes near it"): two
// files reached only through dynamic imports, each asked for when the first section that draws it comes
// near the screen (it is then drawn inside `NearViewport`), and never before the page's first paint. On
// a phone the tables (Figures, the breakdown's table) are far below the first screen: their code waits
// until the reader scrolls towards them, and a reader who never does never runs it.
import * as React from 'react';
import { afterFirstPaint } from '../../lib/after-paint';

export type ChartsCode = typeof import('./report-charts');
export type TablesCode = typeof import('./report-tables');
/** What has arrived of the two files. */
type ReportCode = { charts?: ChartsCode | undefined; tables?: TablesCode | undefined };
type Part = keyof ReportCode;

const importers: { [part in Part]: () => Promise<NonNullable<ReportCode[part]>> } = {
  charts: () => import('./report-charts'),
  tables: () => import('./report-tables'),
};

let arrived: ReportCode = {};
const loading = new Map<Part, Promise<void>>();
const listeners = new Set<() => void>();

/** Loads a part's code once (again after a failure); every drawing report gets it. */
export function loadReportCode(part: Part): Promise<void> {
  let promise = loading.get(part);
  if (!promise) {
    promise = importers[part]().then(
      (module) => {
        arrived = { ...arrived, [part]: module };
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading.delete(part);
        throw error;
      },
    );
    loading.set(part, promise);
  }
  return promise;
}

/** Both parts, for what draws the whole report at once (the stories). */
export async function loadAllReportCode(): Promise<ChartsCode & TablesCode> {
  await Promise.all([loadReportCode('charts'), loadReportCode('tables')]);
  return { ...(arrived.charts as ChartsCode), ...(arrived.tables as TablesCode) };
}

/** The code that has arrived; what arrives later is drawn in a transition (slices, not one long task). */
export function useReportCode(): ReportCode {
  const [code, setCode] = React.useState(arrived);
  React.useEffect(() => {
    const update = () => React.startTransition(() => setCode(arrived));
    listeners.add(update);
    // What arrived between this render and its effect.
    update();
    return () => {
      listeners.delete(update);
    };
  }, []);
  return code;
}

/**
 * Asks for a part's code where it is drawn: inside `NearViewport`, once the reader comes near; at once
 * where nothing waits (a story, printing). Never before the first paint (lib/after-paint.ts).
 */
export function NeedsCode({ part }: { part: Part }) {
  React.useEffect(() => afterFirstPaint(() => void loadReportCode(part).catch(() => undefined)), [part]);
  return null;
}
