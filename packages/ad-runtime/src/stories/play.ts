// Steps the stories' play functions share: waiting for an ad, counting events, reaching into frames.
import { expect, waitFor } from 'storybook/test';
import type { ManualClock } from '../../../../.storybook/manual-clock';
import { STATE_ATTRIBUTE, type TagState } from '../contract';

type FrameTools = NonNullable<typeof globalThis.__frameTools>;

type Spy = { mock: { calls: unknown[][] } };

/** Retries an assertion for up to 5 s (testing-library's default is 1 s; the machine may be busy). */
export const eventually = <T>(assertion: () => T | Promise<T>) => waitFor(assertion, { timeout: 5000 });

/**
 * Waits until the runtime's timers on `clock` are the ones expected (it sets them as the page reports),
 * as long as `eventually`: a hover's timer follows real pointer events into the ad's frame, which a busy
 * clean-clone run once took over testing-library's default second to deliver.
 */
export const timersSet = (clock: ManualClock, expected: number[]) =>
  eventually(() => expect(clock.pending()).toEqual(expected));

/** The tag of a live id on the story's page. */
export function tagOf(canvasElement: HTMLElement, liveID: string): HTMLElement {
  const tag = canvasElement.querySelector<HTMLElement>(`ins[data-live-id="${liveID}"]`);
  if (!tag) throw new Error(`no tag for ${liveID}`);
  return tag;
}

/** Waits until the tag reaches `state`; for 'rendered', returns its frame. */
export async function tagState(canvasElement: HTMLElement, liveID: string, state: TagState) {
  const tag = tagOf(canvasElement, liveID);
  await waitFor(() => expect(tag.getAttribute(STATE_ATTRIBUTE)).toBe(state), { timeout: 5000 });
  return tag.querySelector('iframe');
}

export async function renderedFrame(canvasElement: HTMLElement, liveID: string): Promise<HTMLIFrameElement> {
  const frame = await tagState(canvasElement, liveID, 'rendered');
  if (!frame) throw new Error(`${liveID} rendered without a frame`);
  return frame;
}

/** The URLs a spy was called with. */
export const urls = (spy: Spy): string[] => spy.mock.calls.map((call) => String(call[0]));

/** How many beacons of an event type (our tracking URL /serve/t/{type}) an impression sent. */
export const beaconCount = (spy: Spy, type: string, impressionID?: string): number =>
  urls(spy).filter(
    (url) => url.includes(`/serve/t/${type}?`) && (!impressionID || url.endsWith(`i=${impressionID}`)),
  ).length;

export const waitForBeacon = (spy: Spy, type: string, timeout = 5000) =>
  waitFor(() => expect(beaconCount(spy, type)).toBe(1), { timeout });

/**
 * The Vitest-only frame tools (real pointer, code inside the sandboxed frame). In Storybook's own UI
 * they are absent and the steps that need them are skipped; under Vitest (where the screenshot bridge
 * exists) their absence is an error, so no test passes by skipping.
 */
export function frameTools(): FrameTools | null {
  if (globalThis.__frameTools) return globalThis.__frameTools;
  if ('__visualSnapshot' in globalThis) throw new Error('The Vitest setup defines no __frameTools');
  return null;
}

/**
 * Pauses the ad's video at `time` seconds, so the screenshot shows one fixed frame. `nested`: the ad's
 * frame is the `<iframe>` of that selector inside `frame` (the creative editor's preview page).
 */
export async function freezeVideo(frame: HTMLIFrameElement, time = 1, nested?: string): Promise<void> {
  await frameTools()?.evaluate(
    frame,
    async (seconds: number) => {
      const video = document.querySelector('video');
      if (!video) throw new Error('no video in the ad');
      video.pause();
      if (video.readyState < 1) {
        await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
      }
      const seek = (to: number) => {
        const seeked = new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
        video.currentTime = to;
        return seeked;
      };
      // A seek to the frame already shown may present no new frame: step away from it first.
      if (Math.abs(video.currentTime - seconds) < 0.1) await seek(seconds + 0.5);
      // Seek, and wait until the frame of that time is the one presented, not only decoded: the
      // compositor can keep showing the frame the video was paused on (a screenshot of the wrong frame).
      // Chromium says so (requestVideoFrameCallback), so the wait has no timer: a frame that never comes
      // is a hang the story's timeout reports, never a screenshot of whatever frame was there. A browser
      // without the callback (Storybook's UI elsewhere) gets the next two paints.
      const presented = new Promise<void>((resolve) => {
        if (!('requestVideoFrameCallback' in video)) {
          resolve();
          return;
        }
        const check = (_now: number, metadata: { mediaTime: number }) => {
          if (Math.abs(metadata.mediaTime - seconds) < 0.02) resolve();
          else video.requestVideoFrameCallback(check);
        };
        video.requestVideoFrameCallback(check);
      });
      await seek(seconds);
      await presented;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    },
    time,
    nested,
  );
}

/**
 * Waits until the runtime has handled every message the ad's frame sent so far (a touch, the pointer
 * over it, the video's progress): a marker posted from inside the frame after them arrives after them.
 * What a play function counts after this is final; no sleep could promise that on a loaded machine.
 */
export async function frameMessagesHandled(frame: HTMLIFrameElement): Promise<void> {
  const tools = frameTools();
  if (!tools) return;
  const marker = `handled-${Math.random().toString(36).slice(2)}`;
  const received = new Promise<void>((resolve) => {
    const listener = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || !Array.isArray(event.data) || event.data[0] !== marker)
        return;
      window.removeEventListener('message', listener);
      resolve();
    };
    window.addEventListener('message', listener);
  });
  await tools.evaluate(frame, (name: string) => parent.postMessage([name], '*'), marker);
  await received;
}

/**
 * The share of `element` in view, once the page has reported it to every observer after the latest
 * scroll: an observer made now gets its first report in the same task as the runtime's observer (made
 * earlier) gets its report of the change, and this resolves in a task after that one. So when it
 * resolves, the runtime knows whether the ad is in view.
 */
export const visibleRatio = (element: Element): Promise<number> =>
  new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      observer.disconnect();
      const ratio = entries.at(-1)?.intersectionRatio ?? 0;
      // Not a wait for time: a task queued now runs only after the current one (every observer's report).
      setTimeout(() => resolve(ratio), 0);
    });
    observer.observe(element);
  });

/** Reads a value inside the ad's frame (null in Storybook's UI, where frames cannot be reached). */
export async function inFrame<Arg, Result>(
  frame: HTMLIFrameElement,
  callback: (arg: Arg) => Result | Promise<Result>,
  arg?: Arg,
): Promise<Result | null> {
  const tools = frameTools();
  return tools ? tools.evaluate(frame, callback, arg) : null;
}
