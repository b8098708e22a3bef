// The creative preview's page in stories: what /serve/preview and the runtime's preview.js are in the
// product, from the runtime's source (Storybook has no serving origin). The stories frame a blob page
// that loads this module; it names the console's origin on its script tag, as the served page does, and
// hands the runtime its In-Banner Video part instead of /serve/video.js.
import { inBannerVideo, startPreview } from '@adconsole/ad-runtime';

const script = document.querySelector<HTMLScriptElement>('script[data-console-origin]');
const root = document.getElementById('preview');
if (script?.dataset.consoleOrigin && root) {
  startPreview({ root, consoleOrigin: script.dataset.consoleOrigin, video: async () => inBannerVideo });
}
