import type { Meta, StoryObj } from '@storybook/react-vite';
import { InfoIcon } from 'lucide-react';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

const meta = {
  title: 'UI/Tooltip',
  component: Tooltip,
  parameters: { overlay: true },
  args: { delayDuration: 0 },
  render: (args) => (
    <div className="p-12">
      <Tooltip {...args}>
        <TooltipTrigger asChild>
          <Button variant="outline" size="icon" aria-label="About engagement">
            <InfoIcon aria-hidden="true" />
          </Button>
        </TooltipTrigger>
        <TooltipContent>
          Engagement counts interactions such as hovers, expands and video plays.
        </TooltipContent>
      </Tooltip>
    </div>
  ),
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenOnHover: Story = {
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'About engagement' }));
    await waitFor(() => expect(screen.getByRole('tooltip')).toHaveTextContent(/Engagement counts/));
  },
};

export const OpenOnFocus: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'About engagement' })).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('tooltip')).toBeInTheDocument());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    canvas.getByRole('button').blur();
  },
};

export const DarkOpen: Story = { ...OpenOnHover, globals: { theme: 'dark' } };
