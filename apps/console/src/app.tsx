import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';

/**
 * The console. Render it once the public config has loaded: the router's guard calls the API at once.
 * The query cache comes with the frames that use it (lib/query-client.tsx).
 */
export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
