// The placements card's actions (docs/serving.md, "Placements"), each through its dialog or confirmation as a user meets
// it: a new placement, a change of one, its deletion, an A/B test started with its planned sample shown
// first, and a running test ended. The dialogs' forms have their own phone stories (packages/forms).
import { variantWinsVerdict } from '@adconsole/charts/fixtures';
import { MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PlacementsCard } from './placements-card';
import { creatives, leaderboard, resultsOf, sidebar, statsOf, test } from './placements-fixtures';

const meta = {
  title: 'Console/Campaigns/PlacementsCard/Actions',
  component: PlacementsCard,
  args: {
    placements: [sidebar, leaderboard],
    tests: { [sidebar.id]: { test, results: resultsOf(variantWinsVerdict, test) } },
    stats: { [sidebar.id]: statsOf(sidebar), [leaderboard.id]: statsOf(leaderboard) },
    creatives,
    servingHost: 'https://ads.example.com',
    tcfVendorID: 755,
    locale: 'en-US',
    actions: {
      onCreate: fn(async () => {}),
      onUpdate: fn(async () => {}),
      onSetPaused: fn(),
      onDelete: fn(),
      onStartTest: fn(async () => {}),
      onStopTest: fn(),
    },
  },
  decorators: [(Story) => <div className="max-w-5xl">{Story()}</div>],
  // Dialogs and confirmations open in portals over the page: the screenshot is the whole frame.
  parameters: { overlay: true },
} satisfies Meta<typeof PlacementsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = within(document.body);

/** "New placement": the dialog offers the kind and size with the most creatives; created, it closes. */
export const NewPlacement: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New placement' }));
    const dialog = await body.findByRole('dialog', { name: 'New placement' });
    await expect(within(dialog).getByLabelText('Kind and size')).toHaveTextContent(
      'Banner 300×250 (3 creatives)',
    );
    await userEvent.type(within(dialog).getByLabelText('Placement name'), 'Article sidebar');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create placement' }));
    await waitFor(() =>
      expect(args.actions?.onCreate).toHaveBeenCalledWith({
        name: 'Article sidebar',
        mode: 'even',
        items: ['a', 'b', 'c'].map((creativeId) => ({ creativeId, weight: 1, paused: false })),
      }),
    );
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
  },
};

/** The server refuses: its message stays in the dialog, which stays open. */
export const NewPlacementRefused: Story = {
  args: {
    actions: {
      ...meta.args.actions,
      onCreate: fn(async () => {
        throw new Error(
          'A placement\'s creatives must all be the same size: "Static banner" is 300x250, "Leaderboard" is 728x90.',
        );
      }),
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New placement' }));
    const dialog = await body.findByRole('dialog', { name: 'New placement' });
    await userEvent.type(within(dialog).getByLabelText('Placement name'), 'Mixed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create placement' }));
    await expect(await within(dialog).findByText(/must all be the same size/)).toBeVisible();
    await expect(body.getByRole('dialog', { name: 'New placement' })).toBeVisible();
  },
};

/** "Edit": a weight of the leaderboard changed, sent whole; the dialog waits for the answer. */
export const EditPlacement: Story = {
  args: { actions: { ...meta.args.actions, onUpdate: fn(() => new Promise<void>(() => {})) } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Article leaderboard' }));
    const dialog = await body.findByRole('dialog', { name: 'Edit Article leaderboard' });
    await expect(within(dialog).getByLabelText('Kind and size')).toHaveValue('Banner 728×90');
    const weight = within(dialog).getByLabelText('Weight of Leaderboard, winter teaser');
    await userEvent.clear(weight);
    await userEvent.type(weight, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save placement' }));
    await waitFor(() =>
      expect(args.actions?.onUpdate).toHaveBeenCalledWith(leaderboard, {
        name: 'Article leaderboard',
        mode: 'weighted',
        items: [
          { creativeId: 'd', weight: 3, paused: false },
          { creativeId: 'e', weight: 2, paused: false },
        ],
      }),
    );
    await expect(within(dialog).getByRole('button', { name: 'Save placement' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/**
 * "Start A/B test": the planned sample shows before it starts, on the control's CTR so far (40 of
 * 30,000: 0.133 %), 20 % at 95 %: 323,291 impressions per variant. The dialog waits for the answer.
 */
export const StartTest: Story = {
  args: { actions: { ...meta.args.actions, onStartTest: fn(() => new Promise<void>(() => {})) } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start A/B test of Article leaderboard' }));
    const dialog = await body.findByRole('dialog', { name: 'A/B test of Article leaderboard' });
    await expect(within(dialog).getByText(/its CTR so far, 0\.133% \(40 of 30,000\)/)).toBeVisible();
    await expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Needs 323,291 impressions per variant, 646,582 in all',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start A/B test' }));
    await waitFor(() =>
      expect(args.actions?.onStartTest).toHaveBeenCalledWith({
        placementID: leaderboard.id,
        variants: ['d', 'e'],
        control: 'd',
        goal: 'ctr',
        minimumDetectableEffect: 20,
        significance: 95,
        power: 80,
      }),
    );
    await expect(within(dialog).getByRole('button', { name: 'Start A/B test' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** The server refuses the start (a test already runs): the message stays in the dialog. */
export const StartTestRefused: Story = {
  args: {
    actions: {
      ...meta.args.actions,
      onStartTest: fn(async () => {
        throw new Error(MESSAGES.abTestAlreadyRunning);
      }),
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start A/B test of Article leaderboard' }));
    const dialog = await body.findByRole('dialog', { name: 'A/B test of Article leaderboard' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start A/B test' }));
    await expect(await within(dialog).findByText(MESSAGES.abTestAlreadyRunning)).toBeVisible();
  },
};

/** "End test" asks first, saying what happens to the rotation. */
export const EndTest: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'End test' }));
    const confirm = await body.findByRole('alertdialog', { name: 'End this A/B test?' });
    await expect(confirm).toHaveTextContent('The placement gets back the rotation it had before the test.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'End test' }));
    await waitFor(() => expect(args.actions?.onStopTest).toHaveBeenCalledWith(test));
  },
};

/** "Delete" asks first, saying its tag stops serving. */
export const DeletePlacement: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Article leaderboard' }));
    const confirm = await body.findByRole('alertdialog', { name: 'Delete Article leaderboard?' });
    await expect(confirm).toHaveTextContent('Its tag stops serving on every page it is on');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete placement' }));
    await waitFor(() => expect(args.actions?.onDelete).toHaveBeenCalledWith(leaderboard));
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const NewPlacementDark: Story = { ...NewPlacementRefused, ...dark };
export const StartTestDark: Story = { ...StartTestRefused, ...dark };
export const EndTestDark: Story = {
  ...dark,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'End test' }));
    await body.findByRole('alertdialog', { name: 'End this A/B test?' });
  },
};
