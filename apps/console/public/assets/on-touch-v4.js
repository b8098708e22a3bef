// A page the server drew, read-only until touched (docs/console.md, "The share page read-only until
// touched", "Signed-in pages drawn by the server"): a share link's report, a signed-in campaign report,
// the campaign list or a campaign's page; the server sends the whole page drawn, and the console's code
// is fetched and run only when the reader
// reaches for something that needs it: a press or a tap, a key, a control taking the focus, the pointer
// over a chart (its tooltip), or a chart drawn for another width than its card has (on load, or once the
// window changes its width: the console's charts measure their card and redraw as it changes; docs/
// console.md, "Charts without a window"). Reading and scrolling run no script at all, which is what a
// slow phone needs. When the console has taken over (it removes the server's drawing in the commit that draws its
// own page, where the drawing stood), the control that was pressed is pressed again in the console's
// page, or focused again (a link too) when it was reached by the keyboard; a pressed link is the browser's.
// A campaign page's owner's cards wait in the drawing, as in the console's first drawing: a reader who
// comes near them starts the console, which draws them.
// The signed-in frame is drawn for a phone (compact) or a wide window as the user agent says: a window on
// the other side of the console's compact width (991 px) starts the console too, whose frame follows the
// window. A reader who chose the dark theme on this browser (the console's stored settings) sees the
// drawing dark as soon as this script runs; one who chose a reporting zone other than the one a drawing's
// figures are read in (the dashboard's, `data-reporting-zone`, UTC: the server cannot read the stored
// choice) starts the console at once, which reads them in the chosen zone.
// A classic script, in the page as `<script defer src="/assets/on-touch-v4.js"
// data-entry="/assets/index-….js" data-preload="…">` (apps/api/src/http/server-view.ts): under /assets/,
// the only place the CSP runs scripts from, where files are cached for a year, so a change to it takes a
// new name (v2 since the charts' width check, v3 since the signed-in pages, v4 since the dashboard's zone, v5
// next); no inline script
// (the CSP).
(() => {
  const script = document.currentScript;
  const entry = script?.getAttribute('data-entry');
  const view = document.querySelector('[data-server-view]');
  if (!entry || !view) return;
  const preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  // The settings the reader chose on this browser, as the console keeps them (settings/settings.ts).
  let stored = {};
  try {
    stored = JSON.parse(localStorage.getItem('store') || '{}') || {};
  } catch {
    // No stored settings, or storage refused: the drawing stays as the server drew it.
  }
  // The theme, applied before the console starts.
  if (stored.darkMode === true) {
    document.documentElement.classList.add('dark');
    document.documentElement.style.colorScheme = 'dark';
  }
  // Figures read in another zone than the reader's: only the console can read them in the reader's.
  const drawnZone = view.querySelector('[data-reporting-zone]')?.getAttribute('data-reporting-zone');
  const chosenZone = stored.activeReportingTimezone?.tzCode;
  const otherZone =
    drawnZone !== undefined && drawnZone !== null && chosenZone !== undefined && chosenZone !== drawnZone;
  // The address names the state the server drew (its range, zone, unit and tab), as the console would
  // write it once started: a press in the console's first moments then changes that state, instead of
  // racing the console's own writing of it.
  const search = view.getAttribute('data-search');
  const named = new URLSearchParams(location.search);
  if (search && !(named.has('start') && named.has('end'))) {
    history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
  }
  const CONTROLS = 'button, input, select, textarea, [role="tab"], [tabindex]:not([tabindex="-1"])';
  /** What a press is carried out on; the focus is given back to a link too (a pressed link is the browser's). */
  const reachable = (kind) => (kind === 'press' ? CONTROLS : `${CONTROLS}, a[href]`);
  /** A control's name: what it is and what it says, so the console's copy of it is found again. */
  const nameOf = (control) =>
    [
      control.tagName,
      control.getAttribute('role'),
      control.getAttribute('aria-label'),
      control.textContent.trim(),
    ].join('|');
  /** The controls of one name in a part of the page (the drawing, or the console's page), in order. */
  const alike = (container, kind, name) =>
    Array.from(container.querySelectorAll(reachable(kind))).filter((other) => nameOf(other) === name);
  /** The touched control as its name and its place among the controls of that name. */
  const placeOf = (target, kind) => {
    const control = target instanceof Element ? target.closest(reachable(kind)) : null;
    if (!control || !view.contains(control)) return undefined;
    const name = nameOf(control);
    return { name, index: alike(view, kind, name).indexOf(control), drawn: control };
  };
  let started = false;
  let again;
  /**
   * What the reader typed into a drawn text field while the console started (a search box) goes into the
   * console's copy of it, as typing would (the value, then an input event, which React reads).
   */
  const carryText = (drawn, control) => {
    if (!(drawn instanceof HTMLInputElement || drawn instanceof HTMLTextAreaElement)) return;
    if (drawn.value === drawn.defaultValue || control.constructor !== drawn.constructor) return;
    const setter = Object.getOwnPropertyDescriptor(drawn.constructor.prototype, 'value')?.set;
    setter?.call(control, drawn.value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  };
  const replay = () => {
    const root = document.getElementById('root');
    const control = again && root ? alike(root, again.kind, again.name)[again.index] : undefined;
    if (!control) return;
    carryText(again.drawn, control);
    if (again.kind !== 'press') {
      control.focus();
      return;
    }
    // A press as the browser makes it: some controls act on the press (tabs, selects, menus), others on
    // the click (buttons, dialogs' triggers), and some ask which kind of pointer it was.
    const at = control.getBoundingClientRect();
    const where = {
      bubbles: true,
      cancelable: true,
      composed: true,
      button: 0,
      clientX: at.left + at.width / 2,
      clientY: at.top + at.height / 2,
      pointerId: 1,
      isPrimary: true,
      pointerType: again.pointerType,
    };
    control.dispatchEvent(new PointerEvent('pointerdown', { ...where, buttons: 1 }));
    control.dispatchEvent(new MouseEvent('mousedown', { ...where, buttons: 1 }));
    control.focus();
    control.dispatchEvent(new PointerEvent('pointerup', where));
    control.dispatchEvent(new MouseEvent('mouseup', where));
    control.click();
  };
  const start = () => {
    if (started) return;
    started = true;
    for (const href of preloads) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    }
    const tag = document.createElement('script');
    tag.type = 'module';
    tag.crossOrigin = 'anonymous';
    tag.src = entry;
    document.head.appendChild(tag);
    new MutationObserver((_changes, observer) => {
      if (view.isConnected) return;
      observer.disconnect();
      stop();
      // The console's effects (its handlers, the router's subscription, the focus it sets) run first:
      // a frame after its first one, then a task.
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(replay, 0)));
    }).observe(view.parentNode, { childList: true });
  };
  let pressedAt = Number.NEGATIVE_INFINITY;
  const touched = (kind) => (event) => {
    const place = placeOf(event.target, kind);
    // A press focuses what it presses: that focus is the press's, not the keyboard's.
    if (kind === 'press') pressedAt = performance.now();
    else if (performance.now() - pressedAt < 1000) return start();
    if (place) again = { ...place, kind, pointerType: event.pointerType || 'mouse' };
    start();
  };
  const focused = touched('focus');
  const listeners = [
    ['pointerdown', touched('press')],
    ['keydown', focused],
    ['focusin', (event) => (event.target === document.body ? undefined : focused(event))],
    [
      'pointerover',
      (event) => {
        if (event.target instanceof Element && event.target.closest('[data-static-chart]')) start();
      },
    ],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, true);
  // The server draws each chart for the width the reader's user agent suggests (a phone's card, or a
  // wide window's), and the stylesheet fits the drawing to its card: a drawing shrunk much below its
  // size has text too small to read (a wide window's on a 390 px screen: 3 px), one much narrower than
  // its card leaves the card's sides empty. Then the console draws the charts at their card's width.
  const FITS = { smallest: 0.8, largest: 1.25 };
  const shell = view.querySelector('[data-slot="app-shell"]');
  const misfit = () =>
    !matchMedia('print').matches &&
    ((shell !== null && shell.hasAttribute('data-compact') !== matchMedia('(max-width: 991px)').matches) ||
      Array.from(view.querySelectorAll('[data-static-chart] svg[data-scaled]')).some((svg) => {
        const drawn = Number(svg.getAttribute('width'));
        const box = svg.getBoundingClientRect().width;
        return box > 0 && drawn > 0 && (box < drawn * FITS.smallest || box > drawn * FITS.largest);
      }));
  let measuring = false;
  const resized = () => {
    if (measuring) return;
    measuring = true;
    requestAnimationFrame(() => {
      measuring = false;
      if (misfit()) start();
    });
  };
  if (otherZone || misfit()) start();
  else window.addEventListener('resize', resized);
  // What the console draws only when the reader comes near it (a campaign page's owner's cards, waiting
  // in the drawing as in the console's first drawing): coming near starts the console, which draws them.
  const waiting = view.querySelectorAll('[data-slot="card-placeholder"]');
  const near =
    waiting.length > 0 && 'IntersectionObserver' in window
      ? new IntersectionObserver(
          (entries) => {
            if (entries.some((entry) => entry.isIntersecting)) start();
          },
          { rootMargin: '0px 0px 300px 0px' },
        )
      : undefined;
  for (const card of waiting) near?.observe(card);
  /** Once the console has the page, the drawing's controls are gone and this script has done its part. */
  function stop() {
    for (const [type, listener] of listeners) document.removeEventListener(type, listener, true);
    window.removeEventListener('resize', resized);
    near?.disconnect();
  }
})();
