// The script that runs inside the ad's sandboxed frame. It is serialized into the frame's srcdoc
// (`frameScript.toString()`), so it must stay self-contained: no imports, no outside names, only the
// frame's own globals. It talks to the runtime in the publisher's page by postMessage:
//   frame -> page: ['c'] click-through, ['i'] interaction, ['h', 1 | 0, time] the pointer is over the ad or left it,
//                  ['p', time, duration] the video plays, ['e'] it ended
//   page -> frame: ['s', url] run a tracking script, ['x'] the ad's duration is over
import type { ButtonImage } from './layout-options';

export interface FramePlayerConfig {
  autoplay: boolean;
  /** Milliseconds before the player appears. */
  delay: number;
  /** Each button's content: a custom image or a drawn icon (HTML). */
  icons: Record<ButtonImage, string>;
}

export interface FrameConfig {
  clickUrl: string;
  player: FramePlayerConfig | null;
  /** The CSP nonce of the runtime's own script tag (the frame inherits the page's policy); '' for none. */
  nonce?: string;
}

export function frameScript(config: FrameConfig): void {
  const post = (message: unknown[]) => parent.postMessage(message, '*');
  const frame = window as Window & { clickTag?: string; clickTAG?: string };
  const link = document.createElement('a');
  link.href = config.clickUrl;
  const clickHref = link.href;
  // The IAB clickTag convention: an HTML creative opens window.clickTag.
  frame.clickTag = frame.clickTAG = config.clickUrl;
  const open = frame.open;
  frame.open = (...args: Parameters<Window['open']>) => {
    if (args[0] !== undefined && String(args[0]) === config.clickUrl) post(['c']);
    return open.apply(frame, args);
  };
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      const anchor = target?.closest?.('a');
      if (anchor && anchor.href === clickHref) post(['c']);
    },
    true,
  );
  document.addEventListener('touchstart', () => post(['i']), { capture: true, passive: true });
  // The pointer over the ad: the page times it. Entering is reported on every mouseover and, at most
  // every 200 ms, on moves (a frame is not always told that the pointer left it earlier).
  let moved = 0;
  // When the event happened, on the wall clock (the page measures its own moves the same way), not when
  // this frame handled it: the frame and the page may be processes of their own, and either may handle
  // an event late. The page orders the reports and its own moves by it.
  const happened = (event: Event) =>
    performance.timeOrigin ? performance.timeOrigin + event.timeStamp : Date.now();
  document.addEventListener('mouseover', (event) => post(['h', 1, happened(event)]));
  document.addEventListener('mousemove', (event) => {
    if (event.timeStamp - moved < 200) return;
    moved = event.timeStamp;
    post(['h', 1, happened(event)]);
  });
  document.addEventListener('mouseout', (event) => {
    if (!event.relatedTarget) post(['h', 0, happened(event)]);
  });
  // A tap or a click into an HTML5 creative's own frame moves the focus there.
  addEventListener('blur', () => {
    if (document.activeElement?.tagName === 'IFRAME') post(['i']);
  });

  let stopPlayer = () => {};
  addEventListener('message', (event) => {
    const data = event.data;
    if (event.source !== parent || !Array.isArray(data)) return;
    if (data[0] === 's' && typeof data[1] === 'string') {
      const script = document.createElement('script');
      if (config.nonce) script.nonce = config.nonce;
      script.src = data[1];
      document.documentElement.appendChild(script);
    }
    if (data[0] === 'x') {
      // The ad's duration is over: stop the player, freeze the creative's animations and videos.
      stopPlayer();
      for (const animation of document.getAnimations?.() ?? []) animation.pause();
      for (const video of Array.from(document.querySelectorAll('video'))) video.pause();
      document.documentElement.setAttribute('data-ad-ended', '');
    }
  });

  const player = config.player;
  if (!player) return;
  document.addEventListener('DOMContentLoaded', () => {
    const element = (id: string) => document.getElementById(`adc-${id}`);
    const video = element('v') as HTMLVideoElement;
    const box = element('p') as HTMLElement;
    const overlay = element('o') as HTMLElement;
    const playButton = element('pp');
    const muteButton = element('m');
    const replayButton = element('r');
    const bar = element('q');
    const countdown = element('t');
    let stopped = false;
    let shown = false;

    const icon = (button: HTMLElement | null, name: ButtonImage, label: string) => {
      if (!button || button.getAttribute('aria-label') === label) return;
      button.innerHTML = player.icons[name];
      button.setAttribute('aria-label', label);
    };
    const sync = () => {
      const paused = video.paused;
      icon(playButton, paused ? 'play' : 'pause', paused ? 'Play' : 'Pause');
      icon(muteButton, video.muted ? 'unmute' : 'mute', video.muted ? 'Unmute' : 'Mute');
      const over = stopped || video.ended;
      if (playButton) playButton.hidden = over;
      if (replayButton) replayButton.hidden = !over;
      const duration = video.duration;
      if (!(duration > 0)) return;
      if (bar) bar.style.width = `${(100 * video.currentTime) / duration}%`;
      if (countdown) {
        const left = Math.ceil(duration - video.currentTime);
        countdown.textContent = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
      }
    };
    const play = () => {
      video.play().catch(() => {});
    };
    const progress = () => {
      if (!video.paused) post(['p', video.currentTime, video.duration]);
    };
    for (const type of ['loadedmetadata', 'play', 'pause', 'volumechange', 'timeupdate', 'ended']) {
      video.addEventListener(type, sync);
    }
    video.addEventListener('playing', progress);
    video.addEventListener('timeupdate', progress);
    video.addEventListener('ended', () => post(['e']));

    const press = (button: HTMLElement | null, action: () => void) =>
      button?.addEventListener('click', (event) => {
        event.preventDefault();
        event.stopPropagation();
        post(['i']);
        action();
      });
    press(playButton, () => (video.paused ? play() : video.pause()));
    press(muteButton, () => {
      video.muted = !video.muted;
    });
    press(replayButton, () => {
      stopped = false;
      video.currentTime = 0;
      play();
    });

    const show = () => {
      shown = true;
      box.hidden = overlay.hidden = false;
      if (player.autoplay) play();
      sync();
    };
    const delay = setTimeout(show, player.delay);
    stopPlayer = () => {
      clearTimeout(delay);
      stopped = true;
      video.pause();
      if (shown) sync();
    };
    sync();
  });
}
