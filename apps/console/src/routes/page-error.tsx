import { LAZY_CHUNK_FAILED_MESSAGE } from '@adconsole/domain';
import { Alert, AlertDescription, AlertTitle, Button } from '@adconsole/ui';
import { ChunkLoadError } from './lazy-screen';

/** What a page shows when it fails: a chunk that did not load, or a readable error. */
export function PageError({ error }: { error: unknown }) {
  const chunkFailed = error instanceof ChunkLoadError;
  const message = chunkFailed
    ? LAZY_CHUNK_FAILED_MESSAGE
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6">
      <Alert variant="danger">
        <AlertTitle>{chunkFailed ? 'This page could not be loaded' : 'Something went wrong'}</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </main>
  );
}
