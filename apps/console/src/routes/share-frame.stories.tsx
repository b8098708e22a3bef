import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ShareFrame } from './share-frame';

const meta = {
  title: 'Console/Routes/ShareFrame',
  component: ShareFrame,
  args: {
    companyName: 'Adconsole',
    theme: 'light',
    onThemeChange: fn(),
    children: <p className="text-muted-foreground text-sm">The shared report stands here.</p>,
  },
} satisfies Meta<typeof ShareFrame>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * What an outside viewer of a share link sees around the report: the company's name and the light/dark
 * switch, nothing of an account (no Sign In link: shared reports are read without one).
 */
export const OutsideViewer: Story = {
  play: async ({ canvas, args }) => {
    const bar = canvas.getByRole('banner');
    await expect(bar).toHaveTextContent('Adconsole · Shared report');
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull();
    await expect(canvas.queryAllByRole('link')).toHaveLength(0);
    await userEvent.click(canvas.getByRole('button', { name: 'Dark mode' }));
    await expect(args.onThemeChange).toHaveBeenCalledWith('dark');
    canvas.getByRole('button', { name: 'Dark mode' }).blur();
  },
};

/** The same frame at a 390 px phone's width. */
export const Phone: Story = {
  decorators: [(Story) => <div className="w-[390px]">{Story()}</div>],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner').getBoundingClientRect().height).toBe(56);
    await expect(canvas.queryByRole('link', { name: 'Sign In' })).toBeNull();
  },
};

export const Dark: Story = { args: { theme: 'dark' }, globals: { theme: 'dark' } };
