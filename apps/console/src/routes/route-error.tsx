import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundPage } from './not-found';
import { PageError } from './page-error';

/** What a route shows when it fails: not found, a chunk that did not load, or a readable error. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <PageError error={error} />;
}
