import { describe, expect, it } from 'vitest';
import { builderShortcut } from './builder-keys';

const key = (
  name: string,
  modifiers: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
) => ({
  key: name,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('the builder keyboard', () => {
  it('moves the selected layer by 1 px with the arrow keys and by 10 with Shift', () => {
    expect(builderShortcut(key('ArrowLeft'), 'l')).toEqual({ type: 'move', id: 'l', dx: -1, dy: 0 });
    expect(builderShortcut(key('ArrowDown', { shiftKey: true }), 'l')).toEqual({
      type: 'move',
      id: 'l',
      dx: 0,
      dy: 10,
    });
  });

  it('removes the selected layer with Delete (and Backspace), clears the selection with Escape', () => {
    expect(builderShortcut(key('Delete'), 'l')).toEqual({ type: 'remove', id: 'l' });
    expect(builderShortcut(key('Backspace'), 'l')).toEqual({ type: 'remove', id: 'l' });
    expect(builderShortcut(key('Escape'), 'l')).toEqual({ type: 'select', id: null });
  });

  it('undoes with Ctrl+Z (Cmd+Z) and redoes with Ctrl+Shift+Z or Ctrl+Y, selection or not', () => {
    expect(builderShortcut(key('z', { ctrlKey: true }), null)).toEqual({ type: 'undo' });
    expect(builderShortcut(key('z', { metaKey: true }), null)).toEqual({ type: 'undo' });
    expect(builderShortcut(key('Z', { ctrlKey: true, shiftKey: true }), null)).toEqual({ type: 'redo' });
    expect(builderShortcut(key('y', { ctrlKey: true }), null)).toEqual({ type: 'redo' });
  });

  it('does nothing without a selected layer, or for other keys', () => {
    expect(builderShortcut(key('ArrowLeft'), null)).toBeUndefined();
    expect(builderShortcut(key('Delete'), null)).toBeUndefined();
    expect(builderShortcut(key('a'), 'l')).toBeUndefined();
    expect(builderShortcut(key('ArrowLeft', { ctrlKey: true }), 'l')).toBeUndefined();
  });
});
