// Under the first pages of a folder (the file manager, the builder's file browser): how many entries
// are shown, and the button that loads the next page. A sort orders the loaded rows only: the storage
// lists by name, a page at a time.
import { Alert, AlertDescription, AlertTitle, Button } from '@adconsole/ui';

/** The next page of a folder, asked for with "Load more". */
export interface MoreEntries {
  onLoadMore: () => void;
  loading: boolean;
  /** Why the next page could not be read. */
  error?: string | null | undefined;
}

export function LoadMore({
  more,
  shown,
  sorted = true,
}: {
  more: MoreEntries;
  shown: number;
  sorted?: boolean;
}) {
  return (
    <div className="grid gap-2" data-slot="load-more">
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" loading={more.loading} onClick={more.onLoadMore}>
          Load more
        </Button>
        <p className="text-muted-foreground text-sm">
          {shown.toLocaleString('en-US')} shown; this folder holds more.
          {sorted ? ' Sorting orders the rows loaded so far.' : ''}
        </p>
      </div>
      {more.error ? (
        <Alert variant="danger">
          <AlertTitle>The next files could not be listed</AlertTitle>
          <AlertDescription className="text-foreground">{more.error}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  );
}
