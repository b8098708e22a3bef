import { LAZY_CHUNK_FAILED_MESSAGE } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ChunkLoadError } from './lazy-screen';
import { PageError } from './page-error';

const meta = {
  title: 'Console/Routes/PageError',
  component: PageError,
} satisfies Meta<typeof PageError>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A screen's code did not arrive (a lost connection, a deploy that replaced the files). */
export const ChunkFailed: Story = {
  args: { error: new ChunkLoadError(new Error('No chunk after 120000 ms')) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This page could not be loaded')).toBeVisible();
    await expect(canvas.getByText(LAZY_CHUNK_FAILED_MESSAGE)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reload the page' })).toBeEnabled();
  },
};

/** Any other failure: its own message. */
export const Failed: Story = {
  args: { error: new Error('The report could not be read.') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Something went wrong')).toBeVisible();
    await expect(canvas.getByText('The report could not be read.')).toBeVisible();
  },
};

/** Something thrown that is not an Error says nothing it cannot read. */
export const UnknownFailure: Story = {
  args: { error: 'boom' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Something went wrong.')).toBeVisible();
  },
};
