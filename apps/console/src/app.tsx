import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './routes';
import { AccountPageHandover } from './routes/account-handover';

/** The console's router: the route table with its guard (routes/index.tsx). */
export const createConsoleRouter = () => createBrowserRouter(routes);

/**
 * The console's pages with React Router, loaded for every page but the account pages (frames.tsx).
 * Render it once the public config has loaded: the router's guard calls the API at once. The query
 * cache comes with the frames that use it (lib/query-client.tsx). `onAccountPage` hands the page to
 * the account pages' frame when the reader goes to one.
 */
export function Console({
  router,
  onAccountPage,
}: {
  router: ReturnType<typeof createConsoleRouter>;
  onAccountPage: () => void;
}) {
  return (
    <AccountPageHandover value={onAccountPage}>
      <RouterProvider router={router} />
    </AccountPageHandover>
  );
}
