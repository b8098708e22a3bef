// Stories only: moves the pointer to the middle of an element, with real coordinates, as a mouse
// would. nivo places its tooltips at the pointer, so a hover without coordinates would put them
// off the picture.
import { userEvent } from 'storybook/test';

export async function pointAt(target: Element): Promise<void> {
  const box = target.getBoundingClientRect();
  await userEvent.pointer({
    target,
    coords: { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 },
  });
}
