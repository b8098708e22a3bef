// /serve/video.js (built to dist/video.js as one minified IIFE): the In-Banner Video part of the ad
// runtime. init.js loads it into the page, with its own script's nonce, the first time a served ad has
// the layout, and takes the module from the page's global (VIDEO_GLOBAL) once the script has run.
import { VIDEO_GLOBAL } from './contract';
import { type InBannerVideo, inBannerVideo } from './in-banner-video';

(window as Window & { [VIDEO_GLOBAL]?: InBannerVideo })[VIDEO_GLOBAL] = inBannerVideo;
