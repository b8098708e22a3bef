import { type FileEntry, uploadQuotaMessage, uploadRateMessage } from '@adconsole/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { FileManagerView } from './file-manager';

const entries: FileEntry[] = [
  {
    name: 'spring-hero.png',
    path: 'photos/2026/spring-hero.png',
    kind: 'file',
    size: 184_320,
    contentType: 'image/png',
    modified: '2026-03-02T09:15:00.000Z',
  },
  {
    name: 'drafts',
    path: 'photos/2026/drafts/',
    kind: 'folder',
    size: null,
    contentType: null,
    modified: null,
  },
  {
    name: 'teaser.mp4',
    path: 'photos/2026/teaser.mp4',
    kind: 'file',
    size: 7_340_032,
    contentType: 'video/mp4',
    modified: '2026-03-04T17:40:00.000Z',
  },
  {
    name: 'brief.pdf',
    path: 'photos/2026/brief.pdf',
    kind: 'file',
    size: 52_224,
    contentType: 'application/pdf',
    modified: '2026-02-27T11:05:00.000Z',
  },
];

/** The folder's next page: the storage lists by name, so it may hold a folder too. */
const secondPage: FileEntry[] = [
  {
    name: 'summer',
    path: 'photos/2026/summer/',
    kind: 'folder',
    size: null,
    contentType: null,
    modified: null,
  },
  {
    name: 'wide-hero.png',
    path: 'photos/2026/wide-hero.png',
    kind: 'file',
    size: 9_437_184,
    contentType: 'image/png',
    modified: '2026-03-06T08:00:00.000Z',
  },
  {
    name: 'logo.png',
    path: 'photos/2026/logo.png',
    kind: 'file',
    size: 8_192,
    contentType: 'image/png',
    modified: '2026-03-05T12:30:00.000Z',
  },
];

const meta = {
  title: 'Console/File manager',
  component: FileManagerView,
  args: {
    directory: 'photos/2026/',
    entries,
    uploads: [],
    maxBytes: 200 * 1024 * 1024,
    onUpload: fn(),
    onCreateFolder: fn(async () => undefined),
    onMove: fn(async () => undefined),
    onDelete: fn(async () => undefined),
    onDownload: fn(async () => undefined),
    onCopyUrl: fn(async () => undefined),
    previewUrl: fn(async () => '/ad-runtime/banner.png'),
    creatives: [{ id: 'c1', label: 'Spring sale · Leaderboard' }],
    onUseInCreative: fn(async () => undefined),
  },
} satisfies Meta<typeof FileManagerView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Folders first, then files; sorting by size keeps the folder on top. */
export const List: Story = {
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Files and folders' });
    const firstCells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    await expect(firstCells()).toEqual(['drafts', 'brief.pdf', 'spring-hero.png', 'teaser.mp4']);
    await userEvent.click(within(canvas.getByRole('columnheader', { name: /Size/ })).getByRole('button'));
    await expect(firstCells()).toEqual(['drafts', 'brief.pdf', 'spring-hero.png', 'teaser.mp4']);
    await userEvent.click(within(canvas.getByRole('columnheader', { name: /Size/ })).getByRole('button'));
    await expect(firstCells()).toEqual(['drafts', 'teaser.mp4', 'spring-hero.png', 'brief.pdf']);
    await expect(canvas.getByRole('link', { name: 'photos' })).toHaveAttribute('href', '#/photos/');
  },
};

export const ListDark: Story = { globals: { theme: 'dark' } };

export const Empty: Story = {
  args: { directory: '', entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This folder is empty')).toBeVisible();
  },
};

/** The first load: the buckets have not answered, so New folder and the upload wait for them. */
export const Loading: Story = {
  args: { entries: undefined, waiting: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'New folder' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Browse files' })).toBeDisabled();
  },
};

/** One upload advancing, one done, one refused by the server (an existing name). */
export const Uploading: Story = {
  args: {
    uploads: [
      { id: '1', name: 'summer-hero.png', size: 204_800, progress: 40 },
      { id: '2', name: 'logo.png', size: 8_192, done: true },
      {
        id: '3',
        name: 'spring-hero.png',
        size: 184_320,
        error: 'A file or folder named "spring-hero.png" already exists here.',
      },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading summer-hero.png' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    await expect(
      canvas.getByText('A file or folder named "spring-hero.png" already exists here.'),
    ).toBeVisible();
  },
};

/** Uploads the server refused: one past the storage quota (413), one past the upload rate (429). */
export const UploadsRefusedByLimits: Story = {
  args: {
    uploads: [
      {
        id: '1',
        name: 'launch-film.mp4',
        size: 125_829_120,
        error: uploadQuotaMessage({
          name: 'launch-film.mp4',
          size: 125_829_120,
          used: 996_352_410,
          quotaBytes: 1024 ** 3,
        }),
      },
      { id: '2', name: 'frame-61.png', size: 40_960, error: uploadRateMessage(60, 23) },
    ],
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'launch-film.mp4 (120 MB) does not fit in the storage quota: 950.2 MB of 1 GB are used. Delete files to make room.',
      ),
    ).toBeVisible();
    await expect(
      canvas.getByText('Too many uploads: at most 60 files a minute. Try again in 23 seconds.'),
    ).toBeVisible();
  },
};

export const ListError: Story = {
  args: { entries: undefined, listError: 'This bucket is not offered here.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('This bucket is not offered here.');
  },
};

/** A name with "/" is refused in the dialog, before any call. */
export const FolderNameRefused: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Folder name'), '../secrets');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await expect(await within(dialog).findByText('A name cannot contain "/".')).toBeVisible();
    await expect(args.onCreateFolder).not.toHaveBeenCalled();
  },
};

export const Preview: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for spring-hero.png' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Preview' }));
    const image = await screen.findByRole('img', { name: 'Preview of spring-hero.png' });
    await waitFor(() =>
      expect((image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0).toBe(true),
    );
  },
};

/** Deleting a folder says its contents go too. */
export const ConfirmDelete: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Actions for drafts' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog');
    await expect(dialog).toHaveTextContent('The folder and everything in it are deleted.');
    await expect(within(dialog).getByRole('button', { name: 'Delete folder' })).toBeVisible();
    await expect(args.onDelete).not.toHaveBeenCalled();
  },
};

const firstCellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);

/** The folder holds more than its first page: "Load more" asks for the next one. */
export const MoreToLoad: Story = {
  args: { more: { onLoadMore: fn(), loading: false } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/4 shown; this folder holds more\./)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await expect(args.more?.onLoadMore).toHaveBeenCalledOnce();
  },
};

/** Rows sorted by size stay sorted, folders first, once the next page has come in. */
export const LoadMoreKeepsSort: Story = {
  args: { more: { onLoadMore: fn(), loading: false } },
  render: function LoadTwoPages(args) {
    const [loaded, setLoaded] = useState(false);
    return (
      <FileManagerView
        {...args}
        entries={loaded ? [...entries, ...secondPage] : entries}
        more={
          loaded
            ? undefined
            : {
                loading: false,
                onLoadMore: () => {
                  args.more?.onLoadMore();
                  setLoaded(true);
                },
              }
        }
      />
    );
  },
  play: async ({ canvas }) => {
    const sizeButton = () => within(canvas.getByRole('columnheader', { name: /Size/ })).getByRole('button');
    await userEvent.click(sizeButton());
    await userEvent.click(sizeButton());
    const table = canvas.getByRole('table', { name: 'Files and folders' });
    await expect(firstCellsOf(table)).toEqual(['drafts', 'teaser.mp4', 'spring-hero.png', 'brief.pdf']);
    await userEvent.click(canvas.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(firstCellsOf(canvas.getByRole('table', { name: 'Files and folders' }))).toEqual([
        'drafts',
        'summer',
        'wide-hero.png',
        'teaser.mp4',
        'spring-hero.png',
        'brief.pdf',
        'logo.png',
      ]),
    );
    await expect(canvas.queryByRole('button', { name: 'Load more' })).toBeNull();
  },
};

export const LoadingMore: Story = {
  args: { more: { onLoadMore: fn(), loading: true } },
};

/** The next page could not be read: the rows loaded stay, the message is under them. */
export const LoadMoreError: Story = {
  args: {
    more: {
      onLoadMore: fn(),
      loading: false,
      error: 'This page of the folder is no longer valid: open the folder again.',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      'This page of the folder is no longer valid: open the folder again.',
    );
    await expect(canvas.getByRole('table', { name: 'Files and folders' })).toBeVisible();
  },
};
