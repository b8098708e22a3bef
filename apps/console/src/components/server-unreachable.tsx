import { Alert, AlertDescription, AlertTitle, Button } from '@adconsole/ui';

/** Shown when the console cannot load its settings from the API (server down, network gone). */
export function ServerUnreachable({ error }: { error: unknown }) {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 p-6">
      <Alert variant="danger">
        <AlertTitle>The console cannot reach its server</AlertTitle>
        <AlertDescription>
          {error instanceof Error ? error.message : 'Please try again in a moment.'}
        </AlertDescription>
      </Alert>
      <Button onClick={() => window.location.reload()}>Try again</Button>
    </main>
  );
}
