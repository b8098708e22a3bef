// URLs of the creative assets the stories' ads use (`test-assets/`, served by Storybook at /ad-runtime).
const asset = (path: string) => new URL(`/ad-runtime/${path}`, window.location.href).href;

export const assets = {
  /** A 300×250 banner image. */
  banner: asset('banner.png'),
  /** A 300×250 banner with a transparent window, for a video behind it. */
  frame: asset('frame.png'),
  /**
   * A 3 s 320×180 test pattern (H.264) whose 75 frames are one still (the pattern at 1 s), so a
   * screenshot cannot depend on which frame the compositor presents after a seek. Made with
   * `ffmpeg -loop 1 -i still.png -t 3 -r 25 -pix_fmt yuv420p -c:v libx264 -tune stillimage -crf 12 -g 25
   * -movflags +faststart -an main.mp4` (docs/testing.md).
   */
  video: asset('main.mp4'),
  /** An HTML5 creative's index page; it shows whether it received ?clickTag=. */
  html5: asset('html5/index.html'),
  /** A tracking script that marks the document it runs in. */
  trackerScript: asset('tracker.js'),
  button: (name: 'play' | 'pause' | 'replay' | 'mute' | 'unmute') => asset(`buttons/${name}.svg`),
};

/** An HTML creative as an advertiser writes it: it opens window.clickTag. */
export const htmlCreative = `<style>
  body { margin: 0; height: 100vh; display: flex; flex-direction: column; align-items: center;
    justify-content: center; gap: 10px; background: #fef3c7; color: #78350f; font: 600 16px/1.2 sans-serif; }
  h1 { margin: 0; font-size: 30px; }
  button { font: inherit; color: #fff; background: #b45309; border: 0; border-radius: 4px; padding: 8px 16px; }
</style>
<h1>Autumn boots</h1>
<p>HTML creative</p>
<button type="button" onclick="window.open(window.clickTag, '_blank')">Shop now</button>`;
