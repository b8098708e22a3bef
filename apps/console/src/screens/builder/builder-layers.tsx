// The layer list (topmost first) and the arrange order of the selected layer.
import {
  type AdBuilderAction,
  type AdBuilderState,
  ARTBOARD_LAYER_ID,
  type ArrangeTo,
} from '@adconsole/domain';
import { Button, cn, IconButton } from '@adconsole/ui';
import {
  BringToFrontIcon,
  ChevronDownIcon,
  ChevronUpIcon,
  ImageIcon,
  MousePointerClickIcon,
  SendToBackIcon,
  SquareIcon,
  Trash2Icon,
  TypeIcon,
} from 'lucide-react';

const ICONS = {
  image: ImageIcon,
  text: TypeIcon,
  shape: SquareIcon,
  button: MousePointerClickIcon,
  video: ImageIcon,
  artboard: SquareIcon,
};

const ARRANGE: { to: ArrangeTo; label: string; icon: typeof ChevronUpIcon }[] = [
  { to: 'front', label: 'Bring to front', icon: BringToFrontIcon },
  { to: 'forward', label: 'Bring forward', icon: ChevronUpIcon },
  { to: 'backward', label: 'Send backward', icon: ChevronDownIcon },
  { to: 'back', label: 'Send to back', icon: SendToBackIcon },
];

export function BuilderLayers({
  state,
  dispatch,
}: {
  state: AdBuilderState;
  dispatch: (action: AdBuilderAction) => void;
}) {
  const layers = state.layers.filter((layer) => layer.id !== ARTBOARD_LAYER_ID).reverse();
  const selected = state.selectedLayer;
  return (
    <section aria-labelledby="builder-layers-title" className="grid gap-2">
      <h2 id="builder-layers-title" className="font-medium text-sm">
        Layers
      </h2>
      {layers.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No layers yet: add text, a rectangle, a button or an image.
        </p>
      ) : (
        <ul className="grid gap-1">
          {layers.map((layer) => {
            const Icon = ICONS[layer.type];
            return (
              <li key={layer.id}>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-pressed={selected === layer.id}
                  className={cn(
                    'w-full justify-start',
                    selected === layer.id && 'bg-accent text-accent-foreground',
                  )}
                  onClick={() => dispatch({ type: 'select', id: layer.id })}
                >
                  <Icon aria-hidden="true" className="size-4" />
                  <span className="truncate">{layer.name}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {selected ? (
        <div role="group" aria-label="Arrange" className="flex flex-wrap gap-1">
          {ARRANGE.map(({ to, label, icon: Icon }) => (
            <IconButton
              key={to}
              size="sm"
              variant="outline"
              aria-label={label}
              title={label}
              onClick={() => dispatch({ type: 'arrange', id: selected, to })}
            >
              <Icon aria-hidden="true" />
            </IconButton>
          ))}
          <IconButton
            size="sm"
            variant="outline"
            aria-label="Delete layer"
            title="Delete layer (Delete)"
            onClick={() => dispatch({ type: 'remove', id: selected })}
          >
            <Trash2Icon aria-hidden="true" />
          </IconButton>
        </div>
      ) : null}
    </section>
  );
}
