import type { RouteDef } from '../http/routes';
import { systemRoutes } from './system';

export const allRoutes: RouteDef[] = [...systemRoutes];
