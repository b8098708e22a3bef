import type { Meta, StoryObj } from '@storybook/react-vite';
import { CopyIcon, PencilIcon, TrashIcon } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuShortcut,
  DropdownMenuTrigger,
} from './dropdown-menu';

const onDuplicate = fn();

const meta = {
  title: 'UI/DropdownMenu',
  component: DropdownMenu,
  parameters: { overlay: true },
  beforeEach: () => {
    onDuplicate.mockClear();
  },
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline">Creative actions</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>Banner 300x250</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem>
          <PencilIcon aria-hidden="true" />
          Edit
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onDuplicate}>
          <CopyIcon aria-hidden="true" />
          Duplicate
          <DropdownMenuShortcut>⌘D</DropdownMenuShortcut>
        </DropdownMenuItem>
        <DropdownMenuItem disabled>Publish (no assets)</DropdownMenuItem>
        <DropdownMenuCheckboxItem checked>Fluid size</DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="danger">
          <TrashIcon aria-hidden="true" />
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Creative actions' }));
    const menu = await screen.findByRole('menu');
    await expect(menu).toBeVisible();
    await expect(screen.getByRole('menuitem', { name: 'Publish (no assets)' })).toHaveAttribute(
      'data-disabled',
    );
  },
};

export const KeyboardSelect: Story = {
  parameters: { overlay: false },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Creative actions' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /Duplicate/ })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(onDuplicate).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    trigger.blur();
  },
};

export const DarkOpen: Story = { ...Open, globals: { theme: 'dark' } };
