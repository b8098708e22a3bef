import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor } from 'storybook/test';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';

const meta = {
  title: 'UI/Accordion',
  component: Accordion,
  args: { type: 'single', collapsible: true, defaultValue: 'display' },
  render: (args) => (
    <Accordion {...args} className="max-w-md">
      <AccordionItem value="display">
        <AccordionTrigger>Overall Display Banner settings</AccordionTrigger>
        <AccordionContent>Ad duration, 0 to 120 seconds; 30 by default.</AccordionContent>
      </AccordionItem>
      <AccordionItem value="video">
        <AccordionTrigger>In-Banner Video</AccordionTrigger>
        <AccordionContent>Needs a main.mp4 asset.</AccordionContent>
      </AccordionItem>
      <AccordionItem value="euro" disabled>
        <AccordionTrigger>EU creative (not available)</AccordionTrigger>
        <AccordionContent>Hidden.</AccordionContent>
      </AccordionItem>
    </Accordion>
  ),
} satisfies Meta<typeof Accordion>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const KeyboardAndPointer: Story = {
  play: async ({ canvas }) => {
    const video = canvas.getByRole('button', { name: 'In-Banner Video' });
    await userEvent.click(video);
    await expect(video).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByText('Needs a main.mp4 asset.')).toBeVisible();
    await userEvent.keyboard('{ArrowUp}');
    const display = canvas.getByRole('button', { name: 'Overall Display Banner settings' });
    await waitFor(() => expect(display).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(display).toHaveAttribute('aria-expanded', 'true');
    display.blur();
  },
};

export const Collapsed: Story = { args: { defaultValue: undefined } };
export const Dark: Story = { globals: { theme: 'dark' } };
