import type { RouteObject } from 'react-router-dom';
import { NotFoundPage } from './not-found';
import { PingPage } from './ping';

/** The console's route table (spec section 2). */
export const routes: RouteObject[] = [
  { path: '/ping', element: <PingPage /> },
  { path: '*', element: <NotFoundPage /> },
];
