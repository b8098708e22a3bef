import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ReportingBar } from './reporting-bar';
import { ReportingMenu } from './reporting-menu';
import menuStories from './reporting-menu.stories';

// The menu is the reporting menu's own story arguments: the bar only decides where it is drawn.
const menu = <ReportingMenu {...(menuStories.args as React.ComponentProps<typeof ReportingMenu>)} />;

const meta = {
  title: 'Console/Reporting/ReportingBar',
  component: ReportingBar,
  args: { menu, sharing: true },
  decorators: [(Story) => <div className="w-[358px]">{Story()}</div>],
} satisfies Meta<typeof ReportingBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: one button under the report's heading says what it opens. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Dates, zone, export and sharing' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(screen.queryByRole('dialog')).toBeNull();
  },
};

/** Opened: the whole menu in a sheet from the bottom; Escape closes it and gives the focus back. */
export const Open: Story = {
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Dates, zone, export and sharing' });
    await userEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Report settings' });
    await expect(within(sheet).getByRole('link', { name: 'Campaign summary' })).toBeVisible();
    await expect(within(sheet).getByRole('button', { name: 'Create share link' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(button).toHaveFocus();
    await userEvent.click(button);
    await screen.findByRole('dialog', { name: 'Report settings' });
  },
};

export const OpenDark: Story = { ...Open, globals: { theme: 'dark' } };

/** On a share page the menu has no share links or schedules: the button names what it holds. */
export const SharePage: Story = {
  args: {
    sharing: false,
    menu: (
      <ReportingMenu
        {...(menuStories.args as React.ComponentProps<typeof ReportingMenu>)}
        owner={undefined}
      />
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Dates, zone and export' }));
    const sheet = await screen.findByRole('dialog', { name: 'Report settings' });
    await expect(
      within(sheet).getByText('Choose the dates and zone, open a creative or export.'),
    ).toBeVisible();
    await expect(within(sheet).queryByRole('button', { name: 'Create share link' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    canvas.getByRole('button', { name: 'Dates, zone and export' }).blur();
  },
};

/** A preset chosen in the sheet closes it, so the figures for the new dates are in view at once. */
export const PresetClosesTheSheet: Story = {
  args: {
    menu: (close) => (
      <ReportingMenu
        {...(menuStories.args as React.ComponentProps<typeof ReportingMenu>)}
        onDatesChosen={close}
      />
    ),
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Dates, zone, export and sharing' });
    await userEvent.click(button);
    const sheet = await screen.findByRole('dialog', { name: 'Report settings' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Dates' }));
    const picker = await screen.findByRole('dialog', { name: 'Report dates' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menuStories.args?.onChange).toHaveBeenCalled();
    button.blur();
  },
};
