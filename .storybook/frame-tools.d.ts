// Real input and code run inside child frames, for stories whose content is a sandboxed, cross-origin
// frame (the ad runtime's ads). Defined by the Vitest setup file only: in Storybook's own UI it is
// undefined and such stories skip the steps that need it.
export interface FrameTools {
  /** Moves the real pointer, in steps, over the centre of an element of the story. */
  hover(element: Element): Promise<void>;
  /** Moves the real pointer, in steps, out of an element (40 px right of it). */
  unhover(element: Element): Promise<void>;
  /** Clicks with the real pointer the element of `role` named `name` inside the frame. */
  click(frame: HTMLIFrameElement, role: string, name: string): Promise<void>;
  /**
   * Runs `callback(arg)` inside the frame (a serialized function: it cannot use outside names), or inside
   * the frame of the `<iframe>` matching `nested` in it (a frame in a sandboxed frame).
   */
  evaluate<Arg, Result>(
    frame: HTMLIFrameElement,
    callback: (arg: Arg) => Result | Promise<Result>,
    arg?: Arg,
    nested?: string,
  ): Promise<Result>;
}

declare global {
  var __frameTools: FrameTools | undefined;
}
