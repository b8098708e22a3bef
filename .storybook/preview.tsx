import type { Decorator, Preview } from '@storybook/react-vite';
import { useEffect } from 'react';
import './storybook.css';

type Theme = 'light' | 'dark';

/** Applies the theme to the document (portals such as dialogs read it there) and to a frame the
    screenshot captures, so light and dark stories are both compared pixel for pixel. */
const withTheme: Decorator = (Story, context) => {
  const theme = (context.globals.theme as Theme | undefined) ?? 'light';
  useEffect(() => {
    document.documentElement.classList.toggle('dark', theme === 'dark');
    document.documentElement.style.colorScheme = theme;
  }, [theme]);
  return (
    <div className={theme === 'dark' ? 'dark' : undefined} data-theme-frame={theme}>
      <div className="bg-background p-4 font-sans text-foreground">
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
    // An axe violation fails the story's test.
    a11y: { test: 'error' },
  },
  tags: ['autodocs'],
  afterEach: async (context) => {
    await globalThis.__visualSnapshot?.(context);
  },
};

export default preview;
