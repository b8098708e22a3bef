// The builder's keyboard: arrow keys move the selected layer by 1 px (10 with Shift), Delete removes
// it, Escape clears the selection, Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo.
import type { AdBuilderAction } from '@adconsole/domain';

/** Is the key meant for a field (typing, a select, a slider) rather than for the canvas? */
export const isFieldTarget = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    ['combobox', 'option', 'listbox', 'slider', 'menuitem'].includes(target.getAttribute('role') ?? '') ||
    target.closest('[role="dialog"]') !== null);

/** Arrow keys move the selected layer by 1 px (10 with Shift), Delete removes it, Ctrl+Z / Ctrl+Shift+Z undo and redo. */
export function builderShortcut(
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  selected: string | null,
): AdBuilderAction | undefined {
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (command && key === 'z') return { type: event.shiftKey ? 'redo' : 'undo' };
  if (command && key === 'y') return { type: 'redo' };
  if (command || event.altKey || selected === null) return undefined;
  const step = event.shiftKey ? 10 : 1;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const move = moves[event.key];
  if (move) return { type: 'move', id: selected, dx: move[0], dy: move[1] };
  if (event.key === 'Delete' || event.key === 'Backspace') return { type: 'remove', id: selected };
  if (event.key === 'Escape') return { type: 'select', id: null };
  return undefined;
}
