import type { RouteDef } from '../http/routes';
import { assetRoutes } from './assets';
import { authRoutes } from './auth';
import { campaignRoutes } from './campaigns';
import { creativeRoutes } from './creatives';
import { systemRoutes } from './system';
import { tagRoutes } from './tags';
import { userRoutes } from './users';

export const allRoutes: RouteDef[] = [
  ...systemRoutes,
  ...authRoutes,
  ...campaignRoutes,
  ...creativeRoutes,
  ...assetRoutes,
  ...tagRoutes,
  ...userRoutes,
];
