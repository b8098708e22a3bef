// The script that runs inside the ad's sandboxed frame. It is serialized into the frame's srcdoc
// (`frameScript.toString()`), so it must stay self-contained: no imports, no outside names, only the
// frame's own globals. It talks to the runtime in the publisher's page by postMessage:
//   frame -> page: ['c'] click-through, ['i'] interaction, ['h', 1 | 0, time] the pointer is over the ad or left it
//   page -> frame: ['s', url] run a tracking script, ['x'] the ad's duration is over
// The In-Banner Video player (['p', time, duration], ['e']) is a script of its own that follows this
// one in the same element (player-script.ts, from video.js).

export interface FrameConfig {
  clickUrl: string;
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
      // The ad's duration is over: freeze the creative's animations and videos (the player stops itself).
      for (const animation of document.getAnimations?.() ?? []) animation.pause();
      for (const video of Array.from(document.querySelectorAll('video'))) video.pause();
      document.documentElement.setAttribute('data-ad-ended', '');
    }
  });
}
