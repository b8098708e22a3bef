// The In-Banner Video player inside the ad's sandboxed frame, beside the frame script (frame-script.ts).
// Like it, it is serialized into the frame's srcdoc (`playerScript.toString()`), so it must stay
// self-contained: no imports, no outside names, only the frame's own globals. It reports to the runtime
// in the publisher's page by postMessage:
//   frame -> page: ['i'] a button was pressed, ['p', time, duration] the video plays, ['e'] it ended
//   page -> frame: ['x'] the ad's duration is over (the frame script freezes the rest of the creative)
import type { ButtonImage } from './layout-options';

export interface PlayerConfig {
  autoplay: boolean;
  /** Milliseconds before the player appears. */
  delay: number;
  /** Each button's content: a custom image or a drawn icon (HTML). */
  icons: Record<ButtonImage, string>;
}

export function playerScript(player: PlayerConfig): void {
  const post = (message: unknown[]) => parent.postMessage(message, '*');
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
    // The ad's duration is over: the player stops for good (only Replay remains).
    addEventListener('message', (event) => {
      if (event.source !== parent || !Array.isArray(event.data) || event.data[0] !== 'x') return;
      clearTimeout(delay);
      stopped = true;
      video.pause();
      if (shown) sync();
    });
    sync();
  });
}
