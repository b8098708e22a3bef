import { Button } from '@adconsole/ui';
import { Link, useLocation } from 'react-router-dom';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-semibold text-2xl">Page not found</h1>
      <p className="text-muted-foreground">
        There is no page at <code className="break-all">{pathname}</code>.
      </p>
      <Button asChild>
        <Link to="/">Go to the home page</Link>
      </Button>
    </main>
  );
}
