// Where the ad server's answers point: the serving origin (AD_SERVING_URL) and the URL of a file a served
// ad loads. Tracking and click URLs are built in tracking.ts.
import { SERVE_PATHS } from '@adconsole/domain';
import type { Context } from '../../context';

export const origin = (ctx: Context) => ctx.config.adServingUrl;

/**
 * Where a served ad loads one of its files (video, image): the serving origin's /serve/files/, never the
 * console's /api/uploads, so AD_SERVING_URL may be a CDN in front of /serve/ alone.
 */
export const servedFileUrl = (ctx: Context, asset: { path: string }) =>
  `${origin(ctx)}${SERVE_PATHS.files(asset.path)}`;
