import { useLayoutEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { dropServerView } from '../lib/server-view';
import { NotFoundPage } from './not-found';
import { PageError } from './page-error';

/** What a route shows when it fails: not found, a chunk that did not load, or a readable error. */
export function RouteError() {
  const error = useRouteError();
  // A first view the server drew (a share page) hides the console's root while it stands (styles.css):
  // the error takes its place, as the page would have.
  useLayoutEffect(() => dropServerView(), []);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <PageError error={error} />;
}
