// A component drawn with its props deferred (docs/console.md, "The campaign pages' first load"): a new
// answer of a query re-renders what reads it at once, in one piece (React renders an external store's
// update without yielding); through `deferredProps` that render only finds the props it drew last and
// skips the component (memo), and the new props are drawn in a transition, in slices of a few
// milliseconds, the last drawing on screen meanwhile. For a card drawn while the page is idle (the
// campaign page's owner's cards), whose answers arrive as the reader starts to use the page.
import { type ComponentType, memo, useDeferredValue } from 'react';

export function deferredProps<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  const Drawn = memo(Component) as unknown as ComponentType<P>;
  function Deferred(props: P) {
    const shown = useDeferredValue(props);
    return <Drawn {...shown} />;
  }
  Deferred.displayName = `Deferred(${Component.displayName ?? Component.name})`;
  return Deferred;
}
