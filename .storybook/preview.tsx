import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import './storybook.css';

type Theme = 'light' | 'dark';

/** Applies the theme to the document (portals such as dialogs read it there) and to a frame the
    screenshot captures, so light and dark stories are both compared pixel for pixel.
    `parameters.overlay: true` makes the frame fill the viewport: the screenshot is the page clipped
    to the frame, so dialogs, menus and toasts rendered in portals over it are part of the picture. */
const withTheme: Decorator = (Story, context) => {
  const theme = (context.globals.theme as Theme | undefined) ?? 'light';
  const overlay = context.parameters.overlay === true;
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return (
    <div className={theme === 'dark' ? 'dark' : undefined} data-theme-frame={theme}>
      <div
        className="bg-background p-4 font-sans text-foreground"
        style={overlay ? { minHeight: '100vh' } : undefined}
      >
        <Story />
      </div>
    </div>
  );
};

declare global {
  // Defined by the Vitest setup file only; Storybook's own UI never sets it.
  var __visualSnapshot:
    | ((context: Parameters<NonNullable<Preview['afterEach']>>[0]) => Promise<void>)
    | undefined;
}

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Light or dark theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    // An axe violation fails the story's test. While a Radix modal (dialog, select, menu) is open it
    // hides the rest of the page with aria-hidden and traps focus; that hidden page is checked by the
    // story's closed state, so axe skips it here instead of flagging the trigger inside it.
    // axe still checks every rule on every element; `resultTypes` only spares it the details (selector,
    // markup) of each element that passed, which a test never reads: a full report's story took 0.9 s of
    // axe before (docs/testing.md, "How long a run takes"). `iframes: false`: the only frames in the
    // stories are ads' sandboxed frames, where no axe runs to answer; axe pinged each and waited its
    // 500 ms for an answer that never came (the In-Banner Video's stories took 35 s, now 28 s).
    a11y: {
      test: 'error',
      context: { include: ['body'], exclude: ['[data-aria-hidden="true"]'] },
      options: { resultTypes: ['violations'], iframes: false },
    },
  },
  tags: ['autodocs'],
  afterEach: async (context) => {
    await globalThis.__visualSnapshot?.(context);
  },
};

export default preview;
