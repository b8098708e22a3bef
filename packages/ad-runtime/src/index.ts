// @adconsole/ad-runtime as a module: `start(options)` for pages that bundle the runtime themselves and
// for tests. Ad tags load the built script instead (`@adconsole/ad-runtime/init.js`, served as
// /serve/init.js), which calls start() with the page's own globals. `inBannerVideo` is the In-Banner
// Video part that the built runtime loads as /serve/video.js: a page that bundles the runtime may pass
// it as `start({ video: async () => inBannerVideo })` instead. `startPreview` draws the drafts a console
// posts to its page (the creative editor's preview, served as /serve/preview with dist/preview.js).
export { type InBannerVideo, inBannerVideo, type VideoLayout } from './in-banner-video';
export { type PreviewOptions, startPreview } from './preview';
export { type AdRuntime, type StartOptions, start, type Timers } from './start';
