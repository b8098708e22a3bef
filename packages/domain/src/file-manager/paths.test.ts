import { describe, expect, it } from 'vitest';
import { fileTooLargeMessage, MESSAGES } from '../validation/messages';
import { contentTypeOfName, previewKind, servedFileType } from './content-types';
import { sortFileEntries } from './entries';
import {
  directoryCrumbs,
  directoryField,
  directoryFromHash,
  entryName,
  entryPathField,
  fileNameProblem,
  hashOfDirectory,
  parentDirectory,
} from './paths';

describe('file manager paths and names', () => {
  it('refuses names with "/" or ".." and empty names, with clear messages', () => {
    expect(fileNameProblem('photos/2026')).toBe(MESSAGES.fileNameHasSlash);
    expect(fileNameProblem('..')).toBe(MESSAGES.fileNameHasDots);
    expect(fileNameProblem('a..b')).toBe(MESSAGES.fileNameHasDots);
    expect(fileNameProblem('  ')).toBe(MESSAGES.fileNameMissing);
    expect(fileNameProblem('x'.repeat(256))).toBe(MESSAGES.fileNameTooLong);
    expect(fileNameProblem('banner v2.png')).toBeUndefined();
  });

  it('reads directories and paths without ever climbing out', () => {
    expect(directoryField.parse('photos//2026')).toBe('photos/2026/');
    expect(directoryField.parse(undefined)).toBe('');
    expect(directoryField.safeParse('photos/../../etc').error?.issues[0]?.message).toBe(
      MESSAGES.fileNameHasDots,
    );
    expect(entryPathField.parse('photos/a.png')).toBe('photos/a.png');
    expect(entryPathField.parse('/photos/')).toBe('photos/');
    expect(entryPathField.safeParse('/').success).toBe(false);
  });

  it('writes the hash of a directory and its breadcrumbs, the inverse of directoryFromHash', () => {
    expect(hashOfDirectory('My Files/2026/')).toBe('#/My%20Files/2026/');
    expect(directoryFromHash(hashOfDirectory('My Files/2026/'))).toBe('My Files/2026/');
    expect(hashOfDirectory('')).toBe('#/');
    expect(directoryCrumbs('photos/2026/')).toEqual([
      { label: 'Files', directory: '' },
      { label: 'photos', directory: 'photos/' },
      { label: '2026', directory: 'photos/2026/' },
    ]);
    expect(entryName('photos/2026/')).toBe('2026');
    expect(parentDirectory('photos/2026/a.png')).toBe('photos/2026/');
    expect(parentDirectory('photos/')).toBe('');
  });

  it('lists folders first, then files by the chosen column', () => {
    const entry = (name: string, kind: 'file' | 'folder', size: number | null = null) => ({
      name,
      path: name,
      kind,
      size,
      contentType: kind === 'file' ? contentTypeOfName(name) : null,
      modified: null,
    });
    const entries = [
      entry('b.png', 'file', 5),
      entry('z', 'folder'),
      entry('a10.mp4', 'file', 1),
      entry('a9.mp4', 'file', 9),
    ];
    expect(sortFileEntries(entries, 'name').map((e) => e.name)).toEqual(['z', 'a9.mp4', 'a10.mp4', 'b.png']);
    expect(sortFileEntries(entries, 'size', 'desc').map((e) => e.name)).toEqual([
      'z',
      'a9.mp4',
      'b.png',
      'a10.mp4',
    ]);
    expect(sortFileEntries(entries, 'type').map((e) => e.name)).toEqual(['z', 'b.png', 'a9.mp4', 'a10.mp4']);
  });

  it('previews PNG, JPEG, GIF, WebP images and MP4, WebM video only (never SVG)', () => {
    expect(previewKind(contentTypeOfName('a.JPG'))).toBe('image');
    expect(previewKind(contentTypeOfName('a.webm'))).toBe('video');
    expect(previewKind(contentTypeOfName('a.svg'))).toBeUndefined();
    expect(fileTooLargeMessage('big.mp4')).toBe('big.mp4 is too large: files can be at most 200 MB.');
  });

  it('serves what it previews in place with its type, and everything else as an octet-stream attachment', () => {
    expect(servedFileType('photos/a.png', false)).toEqual({ contentType: 'image/png', inline: true });
    expect(servedFileType('photos/a.png', true)).toEqual({ contentType: 'image/png', inline: false });
    for (const name of ['page.html', 'logo.svg', 'tool.js', 'report.pdf', 'noextension'])
      expect(servedFileType(name, false)).toEqual({ contentType: 'application/octet-stream', inline: false });
  });
});
