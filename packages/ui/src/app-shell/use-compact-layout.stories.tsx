import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { COMPACT_LAYOUT_MAX_WIDTH, useCompactLayout } from './use-compact-layout';

function CompactProbe({ maxWidth }: { maxWidth?: number }) {
  const compact = useCompactLayout(maxWidth);
  return <p className="text-sm">{compact ? 'Compact layout' : 'Full layout'}</p>;
}

const meta = {
  title: 'Shell/useCompactLayout',
  component: CompactProbe,
  parameters: {
    docs: {
      description: {
        component:
          "Feed `AppShell compact={useCompactLayout()}`: true at a window width of 991 px and below (the console's threshold).",
      },
    },
  },
} satisfies Meta<typeof CompactProbe>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ThresholdIs991px: Story = {
  play: async ({ canvas }) => {
    await expect(COMPACT_LAYOUT_MAX_WIDTH).toBe(991);
    // The test browser is 1200 px wide: wider than the threshold.
    await expect(canvas.getByText('Full layout')).toBeVisible();
  },
};

export const NarrowerThanThreshold: Story = {
  args: { maxWidth: 4000 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Compact layout')).toBeVisible();
  },
};
