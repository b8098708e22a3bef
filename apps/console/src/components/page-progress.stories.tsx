import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PageProgress } from './page-progress';

const meta = {
  title: 'Console/PageProgress',
  component: PageProgress,
  decorators: [
    (Story) => (
      <div className="min-h-40 p-6">
        {Story()}
        <p>The page on screen stays while the next page's code arrives.</p>
      </div>
    ),
  ],
} satisfies Meta<typeof PageProgress>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The line at the top of the window while the next page is on its way. */
export const Loading: Story = {
  play: async ({ canvasElement }) => {
    const line = within(canvasElement).getByRole('progressbar', { name: 'Loading page' });
    await expect(line).toBeVisible();
    await expect(line.getBoundingClientRect().top).toBe(0);
  },
};
