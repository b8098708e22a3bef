import type { RouteObject } from 'react-router-dom';
import { alwaysRevalidate, guardLoader } from '../router/guard';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

/** The console's route table (spec section 2). The root loader is the guard; screens load lazily. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    shouldRevalidate: alwaysRevalidate,
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { path: 'ping', lazy: () => import('./ping').then((module) => ({ Component: module.PingPage })) },
      { path: '*', lazy: () => import('./not-found').then((module) => ({ Component: module.NotFoundPage })) },
    ],
  },
];
