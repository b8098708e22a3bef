import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { FlightBadge } from './flight-badge';

const NOW = new Date('2026-11-15T12:00:00Z');

const meta = {
  title: 'Console/Campaigns/FlightBadge',
  component: FlightBadge,
  args: { now: NOW, flight: { start: { date: '2026-11-01' }, end: { date: '2026-11-30' }, timezone: 'UTC' } },
} satisfies Meta<typeof FlightBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Live: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Live')).toBeVisible();
    await expect(canvas.getByText('01 Nov 2026 – 30 Nov 2026')).toBeVisible();
  },
};

export const Scheduled: Story = {
  args: { flight: { start: { date: '2026-12-01' }, end: { date: '2026-12-31' }, timezone: 'Asia/Tokyo' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Scheduled')).toBeVisible();
    await expect(canvas.getByText('01 Dec 2026 – 31 Dec 2026 (Asia/Tokyo)')).toBeVisible();
  },
};

export const Ended: Story = {
  args: { flight: { start: { date: '2026-10-01' }, end: { date: '2026-10-31' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Ended')).toBeVisible();
  },
};

export const NoDates: Story = {
  args: { flight: {} },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Live')).toBeVisible();
    await expect(canvas.getByText('No flight dates')).toBeVisible();
  },
};

/** Dates that say "live", but nothing published: the campaign serves nothing and says so. */
export const NoLiveCreative: Story = {
  args: { serving: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No live creative')).toBeVisible();
    await expect(canvas.queryByText('Live')).toBeNull();
  },
};

/** An archived campaign says so, whatever its dates: it serves nothing. */
export const Archived: Story = {
  args: { archived: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Archived')).toBeVisible();
    await expect(canvas.queryByText('Live')).toBeNull();
    await expect(canvas.getByText('01 Nov 2026 – 30 Nov 2026')).toBeVisible();
  },
};

export const ArchivedDark: Story = { ...Archived, globals: { theme: 'dark' } };

/** A paused campaign says so, whatever its dates (it serves nothing until resumed); archived wins. */
export const Paused: Story = {
  args: { paused: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Paused')).toBeVisible();
    await expect(canvas.queryByText('Live')).toBeNull();
    await expect(canvas.getByText('01 Nov 2026 – 30 Nov 2026')).toBeVisible();
  },
};

export const PausedDark: Story = { ...Paused, globals: { theme: 'dark' } };

export const PausedAndArchived: Story = {
  args: { paused: true, archived: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Archived')).toBeVisible();
    await expect(canvas.queryByText('Paused')).toBeNull();
  },
};
