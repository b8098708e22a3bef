import { ApiError, adBuilderReducer, defaultAdBuilderState } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { animated, banner, campaigns, Editor, exported, twoDrafts } from './builder-editor.fixtures';

const meta = {
  title: 'Console/Builder/BuilderEditor',
  component: Editor,
  args: {
    initialState: defaultAdBuilderState(),
    draftName: 'Trail season banner',
    onDraftNameChange: fn(),
    drafts: [{ id: 'd1', name: 'Trail season banner' }],
    currentDraftID: 'd1',
    onOpenDraft: fn(),
    onNewDraft: fn(),
    onSave: fn(async () => undefined),
    onDeleteDraft: fn(),
    campaigns,
    onExport: fn(),
    onUploadImage: fn(async () => ({ url: 'https://cdn.example/logo.png', width: 600, height: 200 })),
    onFileImage: fn(async () => ({ url: '/ad-runtime/banner.png', width: 600, height: 500 })),
    newLayerId: () => 'added',
  },
} satisfies Meta<typeof Editor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new canvas: the white 300×250 artboard and the artboard's properties. */
export const EmptyArtboard: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('group', { name: 'Artboard 300×250' })).toBeVisible();
    await expect(
      canvas.getByText('No layers yet: add text, a rectangle, a button or an image.'),
    ).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Artboard properties' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await expect(canvas.getByRole('status')).toHaveTextContent('All changes saved');
    await userEvent.click(canvas.getByRole('button', { name: 'Save draft' }));
    await expect(args.onSave).toHaveBeenCalled();
    // No changes: a new draft starts without asking.
    await userEvent.click(canvas.getByRole('button', { name: 'New' }));
    await expect(args.onNewDraft).toHaveBeenCalled();
    await expect(screen.queryByRole('alertdialog')).toBeNull();
  },
};

/** Unsaved changes: the status beside Save says so until the draft is saved. */
export const UnsavedChanges: Story = {
  args: { initialState: banner(), dirty: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Unsaved changes');
    await userEvent.click(canvas.getByRole('button', { name: 'Save draft' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
  },
};

/**
 * With unsaved changes, opening another draft or starting a new one asks first: Cancel keeps the
 * canvas, Discard changes goes on, Save saves and then goes on. Left open on the question for "New".
 */
export const UnsavedChangesQuestion: Story = {
  args: { initialState: banner(), dirty: true, drafts: twoDrafts },
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    const question = () => screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    // Another draft: Cancel keeps this one.
    await userEvent.click(canvas.getByRole('combobox', { name: 'Open draft' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Winter clearance banner' }));
    await expect(await question()).toHaveTextContent(
      'Opening “Winter clearance banner” replaces the canvas. Save your changes to “Trail season banner” first, or discard them.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onOpenDraft).not.toHaveBeenCalled();
    await expect(canvas.getByRole('combobox', { name: 'Open draft' })).toHaveTextContent(
      'Trail season banner',
    );
    // Again: Discard changes opens it.
    await userEvent.click(canvas.getByRole('combobox', { name: 'Open draft' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Winter clearance banner' }));
    await question();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await expect(args.onOpenDraft).toHaveBeenCalledWith('d2');
    await expect(args.onSave).not.toHaveBeenCalled();
    // A new draft: Save saves first, then starts it.
    await userEvent.click(canvas.getByRole('button', { name: 'New' }));
    await expect(await question()).toHaveTextContent('Starting a new draft replaces the canvas.');
    await expect(args.onNewDraft).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(args.onNewDraft).toHaveBeenCalledOnce());
    await expect(args.onSave).toHaveBeenCalledOnce();
    // Escape is Cancel.
    await userEvent.click(canvas.getByRole('button', { name: 'New' }));
    await question();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onNewDraft).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'New' }));
    await question();
  },
};

/** A save chosen in the question fails: the question stays with the server's reason, nothing is lost. */
export const UnsavedChangesSaveFailed: Story = {
  args: {
    initialState: banner(),
    dirty: true,
    onSave: fn(async () => {
      throw new Error('The server is busy.');
    }),
    saveError: new ApiError({ status: 503, code: 'unavailable', message: 'The server is busy.' }),
  },
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New' }));
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await expect(args.onSave).toHaveBeenCalledOnce();
    await waitFor(() => expect(question).toHaveTextContent('The draft was not savedThe server is busy.'));
    await expect(args.onNewDraft).not.toHaveBeenCalled();
  },
};

/** Leaving the builder (another screen, or another draft from the history) asks the same question. */
export const LeavingWithUnsavedChanges: Story = {
  args: {
    initialState: banner(),
    dirty: true,
    draftName: '',
    leaving: { onLeave: fn(), onStay: fn() },
  },
  parameters: { overlay: true },
  play: async ({ args }) => {
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(question).toHaveTextContent(
      'Leaving this draft closes the canvas. The draft has no name yet: cancel and name it to save your changes, or discard them.',
    );
    await expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(args.leaving?.onStay).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    await expect(args.leaving?.onLeave).toHaveBeenCalledOnce();
  },
};

/** Delete draft asks first (Keep it does nothing); the page then deletes it and opens a new canvas. */
export const ConfirmDeleteDraft: Story = {
  args: { initialState: banner() },
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Delete draft Trail season banner' });
    await userEvent.click(trigger);
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Trail season banner?' });
    await expect(confirm).toHaveTextContent('A creative it exported stays in its campaign.');
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    await expect(args.onDeleteDraft).not.toHaveBeenCalled();
    await userEvent.click(trigger);
    await screen.findByRole('alertdialog', { name: 'Delete Trail season banner?' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    await expect(args.onDeleteDraft).toHaveBeenCalledOnce();
    await userEvent.click(trigger);
    await screen.findByRole('alertdialog', { name: 'Delete Trail season banner?' });
  },
};

/** A canvas never saved has nothing to delete; its status says nothing until it changes. */
export const NewDraft: Story = {
  args: { initialState: defaultAdBuilderState(), currentDraftID: undefined, draftName: 'Untitled banner' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /Delete draft/ })).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent('');
    await expect(canvas.getByRole('combobox', { name: 'Open draft' })).toHaveTextContent('Choose a draft');
  },
};

/**
 * The artboard's layers are in the Tab order, bottom to top: focus selects a layer, arrow keys move it
 * (Shift: 10 px), Escape leaves it focused but unselected (a dashed focus ring).
 */
export const ArtboardLayersByKeyboard: Story = {
  args: { initialState: adBuilderReducer(banner(), { type: 'select', id: null }) },
  play: async ({ canvas }) => {
    const layerList = within(canvas.getByRole('region', { name: 'Layers' }));
    // From the last button of the layer list, Tab reaches the artboard's bottom layer.
    layerList.getByRole('button', { name: 'Panel' }).focus();
    await userEvent.tab();
    const panel = canvas.getByRole('button', { name: 'Panel layer' });
    await expect(panel).toHaveFocus();
    await expect(panel).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('heading', { name: 'Panel properties' })).toBeVisible();
    await userEvent.tab();
    const headline = canvas.getByRole('button', { name: 'Headline layer: Trail season is here' });
    await expect(headline).toHaveFocus();
    await expect(canvas.getByRole('heading', { name: 'Headline properties' })).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}{Shift>}{ArrowUp}{/Shift}');
    await expect(canvas.getByRole('textbox', { name: 'X' })).toHaveValue('19');
    await expect(canvas.getByRole('textbox', { name: 'Y' })).toHaveValue('20');
    await userEvent.tab();
    const cta = canvas.getByRole('button', { name: 'Call to action layer: Shop now' });
    await expect(cta).toHaveFocus();
    await expect(cta).toHaveAttribute('aria-pressed', 'true');
    await userEvent.tab({ shift: true });
    await expect(headline).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(headline).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByRole('heading', { name: 'Artboard properties' })).toBeVisible();
    await expect(headline).toHaveFocus();
  },
};

/**
 * Layers with one selected: arrow keys move it (Shift: 10 px), the order changes from the layer list,
 * Ctrl+Z and Ctrl+Shift+Z undo and redo, Delete removes it.
 */
export const LayerSelected: Story = {
  args: { initialState: banner(), dirty: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Headline properties' })).toBeVisible();
    canvas.getByRole('button', { name: 'Headline' }).focus();
    await userEvent.keyboard('{ArrowRight}{Shift>}{ArrowDown}{/Shift}');
    await expect(canvas.getByRole('textbox', { name: 'X' })).toHaveValue('21');
    await expect(canvas.getByRole('textbox', { name: 'Y' })).toHaveValue('40');
    await userEvent.keyboard('{Control>}z{/Control}');
    await expect(canvas.getByRole('textbox', { name: 'Y' })).toHaveValue('30');
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await expect(canvas.getByRole('textbox', { name: 'Y' })).toHaveValue('40');
    await userEvent.click(canvas.getByRole('button', { name: 'Send to back' }));
    const layerList = within(canvas.getByRole('region', { name: 'Layers' }));
    const names = layerList.getAllByRole('listitem').map((item) => item.textContent);
    await expect(names).toEqual(['Call to action', 'Panel', 'Headline']);
    await userEvent.click(canvas.getByRole('button', { name: 'Bring to front' }));
    // A new layer lands centred and selected; Delete removes it again.
    await userEvent.click(canvas.getByRole('button', { name: 'Rectangle' }));
    await expect(canvas.getByRole('heading', { name: 'Rectangle 2 properties' })).toBeVisible();
    await userEvent.keyboard('{Delete}');
    await expect(canvas.queryByRole('button', { name: 'Rectangle 2 layer' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Headline' }));
    await expect(
      canvas.getByRole('button', { name: 'Headline layer: Trail season is here' }),
    ).toHaveAttribute('aria-pressed', 'true');
  },
};

/** Keyframes on the timeline: the headline is part-way through its slide at the playhead (1 s). */
export const TimelineWithKeyframes: Story = {
  args: { initialState: animated() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Headline keyframe at 1.5 s' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Headline keyframe at 0.0 s' }));
    await expect(canvas.getByText('0.0 s / 5.0 s')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Opacity (%)' })).toHaveValue('0');
    await expect(canvas.getByRole('button', { name: 'Remove keyframe' })).toBeEnabled();
    // Back to 1 s on the playhead, mid-animation.
    fireEvent.change(canvas.getByRole('slider', { name: 'Playhead' }), { target: { value: '1000' } });
    await expect(canvas.getByText('1.0 s / 5.0 s')).toBeVisible();
    // At 1 s of 1.5 s the headline stands two thirds of the way: x = -260 + 280 × 2/3.
    await expect(canvas.getByRole('textbox', { name: 'X' })).toHaveValue('-73.3');
    await expect(canvas.getByRole('textbox', { name: 'Opacity (%)' })).toHaveValue('67');
    await expect(canvas.getByRole('button', { name: 'Remove keyframe' })).toBeDisabled();
  },
};

/** Export: the user picks a campaign; the exported creative is linked for publishing. */
export const ExportDialog: Story = {
  args: { initialState: banner(), exported },
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export as HTML5 banner' });
    await expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Winter clearance' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await expect(args.onExport).toHaveBeenCalledWith('c2');
    await expect(dialog).toHaveTextContent('Exported to “Trail season banner”');
    await expect(screen.getByRole('link', { name: 'Open the creative' })).toHaveAttribute(
      'href',
      '/campaigns/c1/creative/k9',
    );
  },
};

/** The campaigns still on their way: the dialog says so (not "Create a campaign first"), its picker waits. */
export const ExportDialogLoadingCampaigns: Story = {
  args: { initialState: banner(), campaigns: undefined },
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export as HTML5 banner' });
    await expect(dialog).toHaveTextContent('Loading your campaigns…');
    await expect(dialog).not.toHaveTextContent('Create a campaign first');
    await expect(screen.getByRole('combobox', { name: 'Campaign' })).toBeDisabled();
  },
};

/** An image from a URL: a URL that is not http(s) is refused with a message. */
export const ImageDialog: Story = {
  args: { initialState: banner() },
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Image' }));
    await screen.findByRole('dialog', { name: 'Add an image' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Image URL' }), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Add from URL' }));
    await expect(screen.getByText('Enter an image URL starting with https:// or http://')).toBeVisible();
    await userEvent.click(screen.getByRole('tab', { name: 'Upload' }));
    await expect(screen.getByRole('button', { name: 'Upload and add' })).toBeDisabled();
    await userEvent.click(screen.getByRole('tab', { name: 'URL' }));
  },
};

/**
 * An image from the file manager: only folders and images are listed; a folder opens, the breadcrumbs
 * and Back lead out again; the picked image is copied into the draft's creative in the chosen campaign
 * and lands at its own size fitted to the artboard (600×500 -> 300×250).
 */
export const ImageFromFileManager: Story = {
  args: { initialState: banner() },
  parameters: { overlay: true },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Image' }));
    await screen.findByRole('dialog', { name: 'Add an image' });
    await userEvent.click(screen.getByRole('tab', { name: 'File manager' }));
    const list = () => within(screen.getByRole('list', { name: 'Folders and images' }));
    await expect(list().getByRole('button', { name: /logo\.png/ })).toBeVisible();
    await expect(screen.queryByText('brief.pdf')).toBeNull();
    await expect(
      screen.getByText('1 other file is not shown: a layer takes PNG, JPEG, GIF or WebP images.'),
    ).toBeVisible();
    await userEvent.click(list().getByRole('button', { name: /campaigns/ }));
    await userEvent.click(list().getByRole('button', { name: /trail-2026/ }));
    await expect(screen.getByText(/No folders or images here/)).toBeVisible();
    const crumbs = within(screen.getByRole('navigation', { name: 'Folder' }));
    await expect(crumbs.getByText('trail-2026')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await expect(crumbs.getByText('campaigns')).toHaveAttribute('aria-current', 'page');
    await userEvent.click(crumbs.getByRole('button', { name: 'My files' }));
    await expect(list().getByRole('button', { name: /logo\.png/ })).toBeVisible();
    await userEvent.click(list().getByRole('button', { name: /campaigns/ }));
    await expect(
      screen.getByText('2 other files are not shown: a layer takes PNG, JPEG, GIF or WebP images.'),
    ).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Choose an image' })).toBeDisabled();
    await userEvent.click(list().getByRole('button', { name: /hero\.jpg/ }));
    await expect(list().getByRole('button', { name: /hero\.jpg/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(screen.getByRole('button', { name: 'Add hero.jpg' })).toBeDisabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Campaign' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Trail season 2026' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add hero.jpg' }));
    await expect(args.onFileImage).toHaveBeenCalledWith(
      expect.objectContaining({ path: 'campaigns/hero.jpg', kind: 'file' }),
      'c1',
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add an image' })).toBeNull());
    await expect(canvas.getByRole('heading', { name: 'Image properties' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Width' })).toHaveValue('300');
    await expect(canvas.getByRole('textbox', { name: 'Height' })).toHaveValue('250');
    const image = canvas.getByRole('button', { name: 'Image layer' }).querySelector('img');
    await waitFor(() => expect(image?.complete && (image?.naturalWidth ?? 0) > 0).toBe(true));
  },
};

/**
 * With more than one bucket the file browser has the file manager's bucket picker (the same remembered
 * choice): another bucket opens at its top folder.
 */
export const ImageFromAnotherBucket: Story = {
  args: {
    initialState: banner(),
    buckets: ['files', 'archive'],
    fileDirectory: 'campaigns/',
    imageSource: 'files',
  },
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Image' }));
    await screen.findByRole('dialog', { name: 'Add an image' });
    const picker = screen.getByRole('combobox', { name: 'Bucket' });
    await expect(picker).toHaveTextContent('files');
    await expect(screen.getByText('Region US (us-east-1)')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /hero\.jpg/ }));
    await userEvent.click(picker);
    await userEvent.click(await screen.findByRole('option', { name: 'archive' }));
    await expect(picker).toHaveTextContent('archive');
    const list = within(screen.getByRole('list', { name: 'Folders and images' }));
    await expect(list.getByRole('button', { name: /brand/ })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Choose an image' })).toBeDisabled();
    await userEvent.click(list.getByRole('button', { name: /brand/ }));
    await expect(list.getByRole('button', { name: /wordmark\.png/ })).toBeVisible();
    await expect(list.getByRole('button', { name: /badge\.webp/ })).toBeVisible();
  },
};

/** A folder larger than one page: "Load more" brings its next images and folders into the list. */
export const ImageFromFileManagerMore: Story = {
  args: { initialState: banner(), morePages: true },
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Image' }));
    await screen.findByRole('dialog', { name: 'Add an image' });
    await userEvent.click(screen.getByRole('tab', { name: 'File manager' }));
    const list = () => within(screen.getByRole('list', { name: 'Folders and images' }));
    await expect(screen.getByText('2 shown; this folder holds more.')).toBeVisible();
    await expect(list().queryByRole('button', { name: /wide-banner\.png/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await expect(list().getByRole('button', { name: /wide-banner\.png/ })).toBeVisible();
    await expect(
      list()
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('campaigns'),
      expect.stringContaining('exports'),
      expect.stringContaining('logo.png'),
      expect.stringContaining('wide-banner.png'),
    ]);
    await expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

/** The file manager's folder with an image picked, and the copy refused: the server's reason is shown. */
export const ImageFromFileManagerFailed: Story = {
  args: {
    initialState: banner(),
    draftCampaignID: 'c1',
    fileDirectory: 'campaigns/',
    imageSource: 'files',
    fileImageError: new ApiError({
      status: 415,
      code: 'unsupported_media_type',
      message: 'hero.jpg: the image cannot be read.',
    }),
  },
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an image' });
    await userEvent.click(screen.getByRole('button', { name: /hero\.jpg/ }));
    await expect(dialog).toHaveTextContent('The image was not addedhero.jpg: the image cannot be read.');
    await expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveTextContent('Trail season 2026');
    await expect(screen.getByRole('button', { name: 'Add hero.jpg' })).toBeEnabled();
  },
};

/** A draft without a name cannot be saved or exported; a refused save is shown with the server's message. */
export const Errors: Story = {
  args: {
    initialState: banner(),
    draftName: '',
    dirty: true,
    saveError: new ApiError({ status: 404, code: 'not_found', message: 'Draft not found!' }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Give the draft a name')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Export' })).toBeDisabled();
    const alerts = canvas.getAllByRole('alert').map((alert) => alert.textContent);
    await expect(alerts).toContain('The draft was not savedDraft not found!');
  },
};

/** A refused export keeps the dialog open with the reason. */
export const ExportFailed: Story = {
  args: {
    initialState: banner(),
    draftCampaignID: 'c1',
    exportError: new ApiError({ status: 404, code: 'not_found', message: 'Campaign not found!' }),
  },
  parameters: { overlay: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export as HTML5 banner' });
    await waitFor(() => expect(dialog).toHaveTextContent('Export failedCampaign not found!'));
    await expect(screen.getByRole('combobox', { name: 'Campaign' })).toHaveTextContent('Trail season 2026');
  },
};
