import { MESSAGES } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PlacementForm } from './placement-form';

const creatives = [
  { id: 'a', name: 'Static banner', type: 'Banner' as const, width: 300, height: 250, published: true },
  { id: 'b', name: 'In-banner trailer', type: 'Banner' as const, width: 300, height: 250, published: true },
  {
    id: 'c',
    name: 'Carousel, autumn range',
    type: 'Banner' as const,
    width: 300,
    height: 250,
    published: false,
  },
  { id: 'v', name: 'Pre-roll 15 s', type: 'VAST' as const, width: 640, height: 360, published: true },
];

const sidebar = {
  name: 'Homepage sidebar',
  kind: 'Banner' as const,
  width: 300,
  height: 250,
  mode: 'weighted' as const,
  items: [
    { creativeId: 'a', weight: 3, paused: false },
    { creativeId: 'b', weight: 1, paused: false },
  ],
};

const meta = {
  title: 'Forms/PlacementForm',
  component: PlacementForm,
  args: { creatives, onSubmit: fn() },
  decorators: [(Story) => <div className="max-w-lg">{Story()}</div>],
} satisfies Meta<typeof PlacementForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new placement: the kind and size with the most creatives, all of them in, even rotation. */
export const New: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByLabelText('Kind and size')).toHaveTextContent('Banner 300×250 (3 creatives)');
    await expect(canvas.getByLabelText('Rotation')).toHaveTextContent('Even');
    const list = canvas.getByRole('group', { name: 'Creatives' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    await expect(within(list).getByText('Not published')).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Placement name'), 'Homepage sidebar');
    await userEvent.click(canvas.getByRole('button', { name: 'Create placement' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Homepage sidebar',
        mode: 'even',
        items: ['a', 'b', 'c'].map((creativeId) => ({ creativeId, weight: 1, paused: false })),
      }),
    );
  },
};

/** Weighted 1:3, the unpublished creative removed: its share of requests by weight. */
export const NewWeighted: Story = {
  play: async ({ canvas, args }) => {
    const body = within(document.body);
    await userEvent.type(canvas.getByLabelText('Placement name'), 'Article leaderboard');
    await userEvent.click(canvas.getByLabelText('Rotation'));
    await userEvent.click(await body.findByRole('option', { name: 'Weighted' }));
    await expect(canvas.getByText(/in proportion to its weight/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Carousel, autumn range' }));
    const weight = canvas.getByLabelText('Weight of In-banner trailer');
    await userEvent.clear(weight);
    await userEvent.type(weight, '3');
    await userEvent.click(canvas.getByRole('button', { name: 'Create placement' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Article leaderboard',
        mode: 'weighted',
        items: [
          { creativeId: 'a', weight: 1, paused: false },
          { creativeId: 'b', weight: 3, paused: false },
        ],
      }),
    );
  },
};

/** Another kind and size: the creatives of the video size replace the banners. */
export const OtherKindAndSize: Story = {
  play: async ({ canvas }) => {
    const body = within(document.body);
    await userEvent.click(canvas.getByLabelText('Kind and size'));
    await userEvent.click(await body.findByRole('option', { name: 'VAST 640×360 (1 creative)' }));
    const list = canvas.getByRole('group', { name: 'Creatives' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Pre-roll 15 s')]);
  },
};

/** Editing: the kind and size are kept; a creative is added back, one removed, the order set for sequential. */
export const Edit: Story = {
  args: { placement: sidebar },
  play: async ({ canvas, args }) => {
    const body = within(document.body);
    await expect(canvas.getByLabelText('Kind and size')).toHaveValue('Banner 300×250');
    await expect(canvas.getByLabelText('Weight of Static banner')).toHaveValue(3);
    await expect(canvas.getByLabelText('Creative to add')).toHaveTextContent('Carousel, autumn range');
    await userEvent.click(canvas.getByRole('button', { name: 'Add creative' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Static banner' }));
    await userEvent.click(canvas.getByLabelText('Rotation'));
    await userEvent.click(await body.findByRole('option', { name: 'Sequential' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Move Carousel, autumn range up' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Paused: In-banner trailer' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save placement' }));
    await waitFor(() =>
      expect(args.onSubmit).toHaveBeenCalledWith({
        name: 'Homepage sidebar',
        mode: 'sequential',
        items: [
          { creativeId: 'c', weight: 1, paused: false },
          { creativeId: 'b', weight: 1, paused: true },
        ],
      }),
    );
  },
};

/** What the rotation's rules refuse, each with its message: a weight of 0, every creative paused, no name. */
export const Refused: Story = {
  args: { placement: { ...sidebar, name: '', items: [{ creativeId: 'a', weight: 3, paused: true }] } },
  play: async ({ canvas, args }) => {
    const weight = canvas.getByLabelText('Weight of Static banner');
    await userEvent.clear(weight);
    await userEvent.type(weight, '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Save placement' }));
    await expect(await canvas.findByText(MESSAGES.rotationWeight)).toBeVisible();
    await expect(weight).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText(MESSAGES.rotationAllPaused)).toBeVisible();
    await expect(canvas.getByText('Fill in the placement name')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Every creative removed: a rotation needs one. */
export const NoCreativeLeft: Story = {
  args: { placement: { ...sidebar, items: [{ creativeId: 'a', weight: 1, paused: false }] } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Static banner' }));
    await expect(canvas.getByText('No creatives in this placement: add one below.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Save placement' }));
    await expect(await canvas.findByText(MESSAGES.rotationItems)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

export const ServerError: Story = {
  args: {
    placement: sidebar,
    serverError:
      "This placement runs an A/B test: its rotation stays even over the test's creatives until the test is stopped.",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('This placement runs an A/B test');
  },
};

/** A campaign without creatives: nothing to choose yet. */
export const NoCreatives: Story = {
  args: { creatives: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Kind and size')).toBeDisabled();
    await expect(canvas.getByText('No creatives in this placement: add one below.')).toBeVisible();
  },
};

/** A phone (390 px, the dialog's padding taken off): each creative's controls wrap under its name. */
export const Phone: Story = {
  args: { placement: sidebar },
  decorators: [(Story) => <div style={{ width: 326 }}>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const form = canvasElement.querySelector('[data-slot="placement-form"]') as HTMLElement;
    await expect(form.scrollWidth).toBeLessThanOrEqual(form.clientWidth);
  },
};

const dark = { globals: { theme: 'dark' } } as const;
export const NewDark: Story = { ...New, ...dark };
export const EditDark: Story = { ...Edit, ...dark };
export const RefusedDark: Story = { ...Refused, ...dark };
export const PhoneDark: Story = { ...Phone, ...dark };
