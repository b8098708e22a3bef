import type { RouteDef } from '../http/routes';
import { abTestRoutes } from './ab-tests';
import { advertiserRoutes } from './advertisers';
import { alertRoutes } from './alerts';
import { apiTokenRoutes } from './api-tokens';
import { approvalRoutes } from './approval';
import { assetRoutes } from './assets';
import { authRoutes } from './auth';
import { builderRoutes } from './builder';
import { campaignRoutes } from './campaigns';
import { conversionRoutes } from './conversions';
import { creativeQaRoutes } from './creative-qa';
import { creativeRoutes } from './creatives';
import { deliveryRulesRoutes } from './delivery-rules';
import { eventRoutes } from './events';
import { fileManagerRoutes } from './file-manager';
import { forecastRoutes } from './forecast';
import { placementRoutes } from './placements';
import { reportRoutes } from './reports';
import { statementRoutes } from './statement';
import { systemRoutes } from './system';
import { userRoutes } from './users';

export const allRoutes: RouteDef[] = [
  ...systemRoutes,
  ...authRoutes,
  ...campaignRoutes,
  ...advertiserRoutes,
  ...creativeRoutes,
  ...creativeQaRoutes,
  ...approvalRoutes,
  ...placementRoutes,
  ...abTestRoutes,
  ...conversionRoutes,
  ...deliveryRulesRoutes,
  ...forecastRoutes,
  ...assetRoutes,
  ...fileManagerRoutes,
  ...builderRoutes,
  ...userRoutes,
  ...apiTokenRoutes,
  ...eventRoutes,
  ...reportRoutes,
  ...statementRoutes,
  ...alertRoutes,
];
