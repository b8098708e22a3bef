// The properties of the selected layer (position, size, opacity, colours, text and font, picture), or
// of the artboard when nothing is selected (IAB size presets, size, colour, animation length). Number
// fields apply on Enter or when they lose focus, so typing "120" is one undo step, not three.
import {
  type AdBuilderAction,
  type AdBuilderState,
  ARTBOARD_LAYER_ID,
  artboardOf,
  FONT_FAMILIES,
  IAB_AD_SIZES,
  type Layer,
  type LayerChanges,
  layerAt,
  MAX_TIMELINE_MS,
  MIN_LAYER_SIZE,
  selectedLayerOf,
} from '@adconsole/domain';
import { ChoiceSelect, Field, Input, Textarea } from '@adconsole/ui';
import { useEffect, useRef, useState } from 'react';

const FONT_CHOICES = FONT_FAMILIES.map((family) => ({ value: family, label: family }));
const sizeKey = (size: { width: number; height: number }) => `${size.width}x${size.height}`;
const SIZE_CHOICES = IAB_AD_SIZES.map((size) => ({
  value: sizeKey(size),
  label: `${size.name} (${size.width}×${size.height})`,
}));

interface NumberInputProps {
  label: string;
  value: number;
  min?: number;
  max?: number;
  onCommit: (value: number) => void;
}

function NumberInput({ label, value, min, max, onCommit }: NumberInputProps) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const parsed = Number(text);
    if (text.trim() === '' || !Number.isFinite(parsed)) return setText(String(value));
    const bounded = Math.min(
      max ?? Number.POSITIVE_INFINITY,
      Math.max(min ?? Number.NEGATIVE_INFINITY, parsed),
    );
    if (bounded !== value) onCommit(bounded);
    setText(String(bounded));
  };
  return (
    <Field label={label} className="min-w-0">
      <Input
        size="sm"
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
    </Field>
  );
}

/** <input type="color"> takes #rrggbb only. */
const longHex = (colour: string | undefined, fallback: string) => {
  const value = colour ?? fallback;
  return value.length === 4 ? `#${[...value.slice(1)].map((c) => c + c).join('')}` : value;
};

/**
 * A colour applies live while the picker moves, as one undo step: the first change records a
 * checkpoint, the following ones until the field loses focus are not recorded.
 */
function ColourInput({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string;
  onCommit: (colour: string, record: boolean) => void;
}) {
  const editing = useRef(false);
  return (
    <Field label={label}>
      <Input
        size="sm"
        type="color"
        className="w-16 p-1"
        value={value}
        onChange={(event) => {
          onCommit(event.target.value, !editing.current);
          editing.current = true;
        }}
        onBlur={() => {
          editing.current = false;
        }}
      />
    </Field>
  );
}

export interface BuilderPropertiesProps {
  state: AdBuilderState;
  dispatch: (action: AdBuilderAction) => void;
}

function LayerProperties({ state, dispatch, layer }: BuilderPropertiesProps & { layer: Layer }) {
  const shown = layerAt(state, layer, state.playhead);
  const update = (changes: LayerChanges, record = true) =>
    dispatch({ type: 'update', id: layer.id, changes, record });
  const [text, setText] = useState(layer.text ?? '');
  useEffect(() => setText(layer.text ?? ''), [layer.text]);
  const [src, setSrc] = useState(layer.src ?? '');
  useEffect(() => setSrc(layer.src ?? ''), [layer.src]);
  return (
    <div className="grid gap-3">
      <Field label="Name">
        <Input
          size="sm"
          defaultValue={layer.name}
          key={`${layer.id}-${layer.name}`}
          onBlur={(event) => {
            const name = event.target.value.trim();
            if (name !== '' && name !== layer.name) update({ name });
          }}
        />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <NumberInput label="X" value={shown.x} onCommit={(x) => update({ x })} />
        <NumberInput label="Y" value={shown.y} onCommit={(y) => update({ y })} />
        <NumberInput
          label="Width"
          value={layer.width}
          min={MIN_LAYER_SIZE}
          onCommit={(width) => update({ width })}
        />
        <NumberInput
          label="Height"
          value={layer.height}
          min={MIN_LAYER_SIZE}
          onCommit={(height) => update({ height })}
        />
        <NumberInput
          label="Opacity (%)"
          value={Math.round(shown.opacity * 100)}
          min={0}
          max={100}
          onCommit={(percent) => update({ opacity: percent / 100 })}
        />
      </div>
      {layer.type === 'shape' || layer.type === 'button' ? (
        <ColourInput
          label="Fill colour"
          value={longHex(layer.background, '#000000')}
          onCommit={(background, record) => update({ background }, record)}
        />
      ) : null}
      {layer.type === 'text' || layer.type === 'button' ? (
        <>
          <Field label="Text">
            <Textarea
              rows={2}
              value={text}
              onChange={(event) => setText(event.target.value)}
              onBlur={() => {
                if (text !== (layer.text ?? '')) update({ text });
              }}
            />
          </Field>
          <ColourInput
            label="Text colour"
            value={longHex(layer.color, '#000000')}
            onCommit={(color, record) => update({ color }, record)}
          />
          <div className="grid grid-cols-2 gap-2">
            <Field label="Font" className="min-w-0">
              {(control) => (
                <ChoiceSelect
                  {...control}
                  size="sm"
                  choices={FONT_CHOICES}
                  value={layer.fontFamily ?? 'Arial'}
                  onValueChange={(fontFamily) => update({ fontFamily })}
                />
              )}
            </Field>
            <NumberInput
              label="Font size"
              value={layer.fontSize ?? 16}
              min={MIN_LAYER_SIZE}
              max={200}
              onCommit={(fontSize) => update({ fontSize })}
            />
          </div>
        </>
      ) : null}
      {layer.type === 'image' ? (
        <Field label="Image URL">
          <Input
            size="sm"
            type="url"
            value={src}
            onChange={(event) => setSrc(event.target.value)}
            onBlur={() => {
              if (src !== (layer.src ?? '')) update({ src: src.trim() });
            }}
          />
        </Field>
      ) : null}
    </div>
  );
}

function ArtboardProperties({ state, dispatch }: BuilderPropertiesProps) {
  const artboard = artboardOf(state);
  const update = (changes: LayerChanges, record = true) =>
    dispatch({ type: 'update', id: ARTBOARD_LAYER_ID, changes, record });
  const preset = IAB_AD_SIZES.find(
    (size) => size.width === artboard.width && size.height === artboard.height,
  );
  return (
    <div className="grid min-w-0 gap-3">
      <Field label="Size preset" className="min-w-0">
        {(control) => (
          <ChoiceSelect
            {...control}
            size="sm"
            choices={SIZE_CHOICES}
            // A size that is no preset shows the placeholder.
            value={preset ? sizeKey(preset) : undefined}
            placeholder="Custom"
            onValueChange={(value) => {
              const size = IAB_AD_SIZES.find((candidate) => sizeKey(candidate) === value);
              if (size) update({ width: size.width, height: size.height });
            }}
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-2">
        <NumberInput
          label="Width"
          value={artboard.width}
          min={10}
          max={2000}
          onCommit={(width) => update({ width })}
        />
        <NumberInput
          label="Height"
          value={artboard.height}
          min={10}
          max={2000}
          onCommit={(height) => update({ height })}
        />
      </div>
      <ColourInput
        label="Background"
        value={longHex(artboard.background, '#ffffff')}
        onCommit={(background, record) => update({ background }, record)}
      />
      <NumberInput
        label="Animation length (ms)"
        value={state.duration}
        min={100}
        max={MAX_TIMELINE_MS}
        onCommit={(duration) => dispatch({ type: 'setDuration', duration })}
      />
    </div>
  );
}

export function BuilderProperties({ state, dispatch }: BuilderPropertiesProps) {
  const layer = selectedLayerOf(state);
  return (
    <section aria-labelledby="builder-properties-title" className="grid min-w-0 gap-3 [&_.grid]:min-w-0">
      <h2 id="builder-properties-title" className="font-medium text-sm">
        {layer ? `${layer.name} properties` : 'Artboard properties'}
      </h2>
      {layer ? (
        <LayerProperties key={layer.id} state={state} dispatch={dispatch} layer={layer} />
      ) : (
        <ArtboardProperties state={state} dispatch={dispatch} />
      )}
    </section>
  );
}
