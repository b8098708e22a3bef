import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  aheadPacing,
  atRiskPacing,
  behindPacing,
  deliveredPacing,
  missedPacing,
  notStartedPacing,
  onTrackPacing,
} from '../fixtures';
import { PacingStatusBadge } from './pacing-status';

const meta = {
  title: 'Charts/PacingStatusBadge',
  component: PacingStatusBadge,
  args: { pacing: atRiskPacing, locale: 'en-US' },
} satisfies Meta<typeof PacingStatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

const every = [
  notStartedPacing,
  onTrackPacing,
  aheadPacing,
  behindPacing,
  atRiskPacing,
  deliveredPacing,
  missedPacing,
];

/** Every status, as the campaign page shows it: the label and how far delivery is from the plan. */
export const AllStatuses: Story = {
  render: (args) => (
    <div className="flex flex-col items-start gap-2">
      {every.map((pacing) => (
        <PacingStatusBadge key={pacing.status} {...args} pacing={pacing} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const texts = [...canvasElement.querySelectorAll('[data-slot="pacing-status"]')].map(
      (badge) => badge.textContent,
    );
    await expect(texts).toEqual([
      'Not started',
      'On track · on plan',
      'Ahead · 15% over plan',
      'Behind · 16% under plan',
      'At risk · 20% under plan',
      'Delivered',
      'Missed',
    ]);
  },
};

/** The narrow form for a list's column: the label shows, the deviation is read out and in the title. */
export const Compact: Story = {
  args: { compact: true },
  play: async ({ canvas }) => {
    const badge = canvas.getByText('At risk');
    await expect(badge).toHaveAttribute('title', 'At risk · 20% under plan');
    await expect(badge).toHaveTextContent('At risk · 20% under plan');
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const AllStatusesDark: Story = { ...AllStatuses, ...dark };
