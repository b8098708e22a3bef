import type { RouteDef } from '../http/routes';
import { authRoutes } from './auth';
import { campaignRoutes } from './campaigns';
import { creativeRoutes } from './creatives';
import { systemRoutes } from './system';

export const allRoutes: RouteDef[] = [...systemRoutes, ...authRoutes, ...campaignRoutes, ...creativeRoutes];
