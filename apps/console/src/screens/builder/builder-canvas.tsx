// The artboard: the layers as they stand at the playhead, selected by a click, dragged to move and
// resized by the handles of the selected layer. A drag is one undo step (a checkpoint on the first
// move, then unrecorded updates). Each layer is in the Tab order (bottom to top, as painted): focus
// selects it, and the editor's keys (builder-keys.ts) then move or remove it.
import {
  type AdBuilderAction,
  type AdBuilderState,
  ARTBOARD_LAYER_ID,
  artboardOf,
  type Layer,
  layerAt,
  MIN_LAYER_SIZE,
  safeImageUrl,
} from '@adconsole/domain';
import { cn } from '@adconsole/ui';
import { ImageIcon } from 'lucide-react';
import type * as React from 'react';
import { useRef } from 'react';

type Handle = 'nw' | 'ne' | 'sw' | 'se';
const HANDLES: Handle[] = ['nw', 'ne', 'sw', 'se'];
const HANDLE_PLACES: Record<Handle, string> = {
  nw: '-left-1.5 -top-1.5 cursor-nwse-resize',
  ne: '-right-1.5 -top-1.5 cursor-nesw-resize',
  sw: '-left-1.5 -bottom-1.5 cursor-nesw-resize',
  se: '-right-1.5 -bottom-1.5 cursor-nwse-resize',
};

interface Drag {
  pointer: number;
  startX: number;
  startY: number;
  layer: Layer;
  handle: Handle | 'move';
  moved: boolean;
}

/** The new bounds of a layer dragged by a handle (or moved) by dx, dy artboard pixels. */
function dragged(layer: Layer, handle: Handle | 'move', dx: number, dy: number) {
  if (handle === 'move') return { x: Math.round(layer.x + dx), y: Math.round(layer.y + dy) };
  const west = handle === 'nw' || handle === 'sw';
  const north = handle === 'nw' || handle === 'ne';
  const width = Math.max(MIN_LAYER_SIZE, Math.round(layer.width + (west ? -dx : dx)));
  const height = Math.max(MIN_LAYER_SIZE, Math.round(layer.height + (north ? -dy : dy)));
  return {
    x: west ? layer.x + layer.width - width : layer.x,
    y: north ? layer.y + layer.height - height : layer.y,
    width,
    height,
  };
}

function LayerContent({ layer }: { layer: Layer }) {
  if (layer.type === 'image') {
    const src = safeImageUrl(layer.src ?? '');
    return src ? (
      <img src={src} alt="" draggable={false} className="pointer-events-none size-full object-cover" />
    ) : (
      <span className="flex size-full items-center justify-center border border-muted-foreground border-dashed bg-muted text-muted-foreground">
        <ImageIcon aria-hidden="true" className="size-5" />
      </span>
    );
  }
  if (layer.type === 'text' || layer.type === 'button') {
    return (
      <span
        className={cn(
          'block size-full overflow-hidden whitespace-pre-wrap leading-[1.2]',
          layer.type === 'button' && 'flex items-center justify-center text-center',
        )}
      >
        {layer.text}
      </span>
    );
  }
  return null;
}

export interface BuilderCanvasProps {
  state: AdBuilderState;
  dispatch: (action: AdBuilderAction) => void;
  /** Display scale of the artboard (large IAB sizes are shown smaller). */
  scale: number;
}

export function BuilderCanvas({ state, dispatch, scale }: BuilderCanvasProps) {
  const artboard = artboardOf(state);
  const drag = useRef<Drag | undefined>(undefined);
  const layers = state.layers.filter((layer) => layer.id !== ARTBOARD_LAYER_ID);

  const start = (event: React.PointerEvent, layer: Layer, handle: Handle | 'move') => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    // The pointer's default is prevented (no text selection, no native drag), so focus is moved here:
    // the keyboard goes on from the layer the user took.
    (event.currentTarget as Element)
      .closest<HTMLElement>('[data-slot="builder-layer"]')
      ?.focus({ preventScroll: true });
    dispatch({ type: 'select', id: layer.id });
    drag.current = {
      pointer: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      layer: layerAt(state, layer, state.playhead),
      handle,
      moved: false,
    };
  };
  const move = (event: React.PointerEvent) => {
    const current = drag.current;
    if (!current || current.pointer !== event.pointerId) return;
    const dx = (event.clientX - current.startX) / scale;
    const dy = (event.clientY - current.startY) / scale;
    if (!current.moved) {
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) return;
      current.moved = true;
      dispatch({ type: 'checkpoint' });
    }
    dispatch({
      type: 'update',
      id: current.layer.id,
      changes: dragged(current.layer, current.handle, dx, dy),
      record: false,
    });
  };
  const end = (event: React.PointerEvent) => {
    if (drag.current?.pointer === event.pointerId) drag.current = undefined;
  };

  return (
    <div
      data-slot="builder-artboard-frame"
      className="relative shrink-0 shadow-md ring-1 ring-border"
      style={{ width: artboard.width * scale, height: artboard.height * scale }}
    >
      {/* The artboard: a click on its empty part clears the selection. */}
      <div
        role="group"
        aria-label={`Artboard ${artboard.width}×${artboard.height}`}
        data-slot="builder-artboard"
        className="absolute top-0 left-0 origin-top-left overflow-hidden"
        style={{
          width: artboard.width,
          height: artboard.height,
          background: artboard.background,
          transform: `scale(${scale})`,
        }}
        onPointerDown={() => dispatch({ type: 'select', id: null })}
        onPointerMove={move}
        onPointerUp={end}
        onPointerCancel={end}
      >
        {layers.map((base) => {
          const layer = layerAt(state, base, state.playhead);
          const selected = state.selectedLayer === layer.id;
          return (
            <div
              key={layer.id}
              role="button"
              tabIndex={0}
              // The visible text is part of the name (axe: label-content-name-mismatch).
              aria-label={layer.text ? `${layer.name} layer: ${layer.text}` : `${layer.name} layer`}
              aria-pressed={selected}
              data-slot="builder-layer"
              data-selected={selected || undefined}
              className={cn(
                'absolute cursor-move select-none outline-none',
                // Focus without selection (after Escape) still shows where the keyboard is.
                'focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-1 focus-visible:outline-dashed',
                selected &&
                  'outline-2 outline-primary outline-offset-1 outline-solid focus-visible:outline-primary focus-visible:outline-solid',
              )}
              style={{
                left: layer.x,
                top: layer.y,
                width: layer.width,
                height: layer.height,
                opacity: layer.opacity,
                display: layer.visible ? undefined : 'none',
                background: layer.type === 'text' ? undefined : layer.background,
                color: layer.color,
                fontSize: layer.fontSize,
                fontFamily: layer.fontFamily ? `'${layer.fontFamily}', sans-serif` : undefined,
                borderRadius: layer.type === 'button' ? 4 : undefined,
              }}
              onPointerDown={(event) => start(event, base, 'move')}
              onFocus={() => (selected ? undefined : dispatch({ type: 'select', id: layer.id }))}
              onKeyDown={(event) => {
                // A button's keys: Enter and Space select the layer (Space does not scroll the page).
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                dispatch({ type: 'select', id: layer.id });
              }}
            >
              <LayerContent layer={layer} />
              {selected
                ? HANDLES.map((handle) => (
                    <span
                      key={handle}
                      aria-hidden="true"
                      data-slot="builder-handle"
                      data-handle={handle}
                      className={cn(
                        'absolute size-3 rounded-sm border border-primary bg-background',
                        HANDLE_PLACES[handle],
                      )}
                      style={{ transform: `scale(${1 / scale})` }}
                      onPointerDown={(event) => start(event, base, handle)}
                    />
                  ))
                : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}
