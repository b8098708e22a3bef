import { describe, expect, it } from 'vitest';
import { notAnImageMessage } from '../validation/messages';
import {
  type AdBuilderAction,
  adBuilderReducer,
  hasUnsavedDraftChanges,
  imageLayerSize,
  isBuilderImageName,
  layerAt,
  MIN_LAYER_SIZE,
  NEW_BUILDER_DRAFT_NAME,
  newLayer,
  selectedLayerOf,
} from './ad-builder';
import {
  type AdBuilderState,
  adBuilderStateSchema,
  BUILDER_HISTORY_LIMIT,
  builderDocumentOf,
  defaultAdBuilderState,
} from './ad-builder-state';

const run = (state: AdBuilderState, ...actions: AdBuilderAction[]) => actions.reduce(adBuilderReducer, state);

/** A canvas with a rectangle (r) and a text (t), nothing recorded yet. */
function canvas(): AdBuilderState {
  const empty = defaultAdBuilderState();
  const rect = newLayer(empty, 'shape', 'r');
  const withRect = { ...empty, layers: [...empty.layers, rect] };
  const text = newLayer(withRect, 'text', 't');
  return { ...withRect, layers: [...withRect.layers, text] };
}
const ids = (state: AdBuilderState) => state.layers.map((layer) => layer.id);
const layer = (state: AdBuilderState, id: string) => state.layers.find((candidate) => candidate.id === id);

describe('ad-builder layers', () => {
  it('adds a layer centred on the artboard and selects it, as one undo step', () => {
    const empty = defaultAdBuilderState();
    const state = run(empty, { type: 'addLayer', layer: newLayer(empty, 'shape', 'r') });
    expect(layer(state, 'r')).toMatchObject({ type: 'shape', x: 90, y: 85, width: 120, height: 80 });
    expect(state.selectedLayer).toBe('r');
    expect(state.history).toHaveLength(1);
    expect(adBuilderStateSchema.parse(state)).toEqual(state);
  });

  it('numbers a second layer of the same kind and keeps a new layer no larger than the artboard', () => {
    const small = { ...defaultAdBuilderState() };
    small.layers = [{ ...(small.layers[0] as AdBuilderState['layers'][0]), width: 100, height: 30 }];
    const first = newLayer(small, 'text', 'a');
    expect(first).toMatchObject({ name: 'Text', width: 100, height: 30, x: 0, y: 0 });
    const second = newLayer({ layers: [...small.layers, first] }, 'text', 'b');
    expect(second.name).toBe('Text 2');
  });

  it('selects only layers that exist, never the artboard', () => {
    const state = canvas();
    expect(run(state, { type: 'select', id: 't' }).selectedLayer).toBe('t');
    expect(run(state, { type: 'select', id: 'artboard' }).selectedLayer).toBeNull();
    expect(run(state, { type: 'select', id: 'nope' }).selectedLayer).toBeNull();
    expect(selectedLayerOf(run(state, { type: 'select', id: 'r' }))?.id).toBe('r');
  });

  it('moves a layer by the arrow keys (1 px, 10 px with Shift) and records each move', () => {
    const state = run(
      canvas(),
      { type: 'move', id: 'r', dx: 1, dy: 0 },
      { type: 'move', id: 'r', dx: 0, dy: -10 },
    );
    expect(layer(state, 'r')).toMatchObject({ x: 91, y: 75 });
    expect(state.history).toHaveLength(2);
  });

  it('resizes no smaller than the minimum and clamps opacity to 0..1', () => {
    const state = run(canvas(), {
      type: 'update',
      id: 'r',
      changes: { width: -20, height: 1.6, opacity: 3 },
    });
    expect(layer(state, 'r')).toMatchObject({ width: MIN_LAYER_SIZE, height: MIN_LAYER_SIZE, opacity: 1 });
  });

  it('removes a layer with its keyframes and clears the selection; the artboard cannot be removed', () => {
    let state = run(canvas(), { type: 'select', id: 'r' }, { type: 'addKeyframe', id: 'r' });
    state = run(state, { type: 'remove', id: 'r' });
    expect(ids(state)).toEqual(['artboard', 't']);
    expect(state.keyframes).toEqual([]);
    expect(state.selectedLayer).toBeNull();
    expect(run(state, { type: 'remove', id: 'artboard' })).toBe(state);
  });

  it('arranges the order: to front, backward, forward and to back, below nothing but the artboard', () => {
    const state = canvas();
    expect(ids(run(state, { type: 'arrange', id: 'r', to: 'front' }))).toEqual(['artboard', 't', 'r']);
    expect(ids(run(state, { type: 'arrange', id: 'r', to: 'forward' }))).toEqual(['artboard', 't', 'r']);
    expect(ids(run(state, { type: 'arrange', id: 't', to: 'backward' }))).toEqual(['artboard', 't', 'r']);
    expect(ids(run(state, { type: 'arrange', id: 't', to: 'back' }))).toEqual(['artboard', 't', 'r']);
    // Already at the back: nothing changes and nothing is recorded.
    expect(run(state, { type: 'arrange', id: 'r', to: 'back' })).toBe(state);
  });

  it('changes the artboard size and colour (the IAB presets) through the same update', () => {
    const state = run(canvas(), {
      type: 'update',
      id: 'artboard',
      changes: { width: 728, height: 90, background: '#000000' },
    });
    expect(state.layers[0]).toMatchObject({ width: 728, height: 90, background: '#000000' });
  });
});

describe('ad-builder undo and redo over the history', () => {
  it('undoes and redoes changes, restoring the selected layer with them', () => {
    const empty = defaultAdBuilderState();
    const added = run(empty, { type: 'addLayer', layer: newLayer(empty, 'shape', 'r') });
    const moved = run(added, { type: 'move', id: 'r', dx: 5, dy: 0 });
    const undone = run(moved, { type: 'undo' });
    expect(layer(undone, 'r')?.x).toBe(90);
    const undoneTwice = run(undone, { type: 'undo' });
    expect(ids(undoneTwice)).toEqual(['artboard']);
    expect(undoneTwice.selectedLayer).toBeNull();
    const redone = run(undoneTwice, { type: 'redo' }, { type: 'redo' });
    expect(layer(redone, 'r')?.x).toBe(95);
    expect(redone.selectedLayer).toBe('r');
    expect(run(redone, { type: 'redo' })).toBe(redone);
    expect(run(empty, { type: 'undo' })).toBe(empty);
  });

  it('forgets the redo steps when a new change is made', () => {
    const state = run(canvas(), { type: 'move', id: 'r', dx: 5, dy: 0 }, { type: 'undo' });
    expect(state.future).toHaveLength(1);
    expect(run(state, { type: 'move', id: 't', dx: 1, dy: 0 }).future).toEqual([]);
  });

  it('makes a drag one undo step: a checkpoint, then updates that are not recorded', () => {
    const start = canvas();
    const dragged = run(
      start,
      { type: 'checkpoint' },
      { type: 'update', id: 'r', changes: { x: 10 }, record: false },
      { type: 'update', id: 'r', changes: { x: 20 }, record: false },
    );
    expect(dragged.history).toHaveLength(1);
    expect(layer(run(dragged, { type: 'undo' }), 'r')?.x).toBe(90);
  });

  it(`keeps at most ${BUILDER_HISTORY_LIMIT} undo steps`, () => {
    const moves = Array.from({ length: BUILDER_HISTORY_LIMIT + 5 }, () => ({
      type: 'move' as const,
      id: 'r',
      dx: 1,
      dy: 0,
    }));
    expect(run(canvas(), ...moves).history).toHaveLength(BUILDER_HISTORY_LIMIT);
  });

  it('does not record selection or the playhead as steps', () => {
    const state = run(canvas(), { type: 'select', id: 'r' }, { type: 'seek', time: 1000 });
    expect(state.history).toEqual([]);
  });
});

describe('ad-builder keyframes on the timeline', () => {
  const animated = () =>
    run(
      canvas(),
      { type: 'addKeyframe', id: 'r' },
      { type: 'seek', time: 2000 },
      { type: 'update', id: 'r', changes: { x: 190, opacity: 0 } },
    );

  it('adds a keyframe at the playhead with the layer position and opacity', () => {
    const state = run(canvas(), { type: 'seek', time: 500 }, { type: 'addKeyframe', id: 'r' });
    expect(state.keyframes).toEqual([{ layerID: 'r', time: 500, properties: { x: 90, y: 85, opacity: 1 } }]);
  });

  it('puts edits of position and opacity of an animated layer into the keyframe at the playhead', () => {
    const state = animated();
    expect(state.keyframes).toEqual([
      { layerID: 'r', time: 0, properties: { x: 90, y: 85, opacity: 1 } },
      { layerID: 'r', time: 2000, properties: { x: 190, y: 85, opacity: 0 } },
    ]);
    // The layer's own position is untouched: it is the keyframes that move it.
    expect(layer(state, 'r')?.x).toBe(90);
  });

  it('interpolates position and opacity linearly between keyframes and holds them outside', () => {
    const state = animated();
    const rect = layer(state, 'r');
    if (!rect) throw new Error('no rect');
    expect(layerAt(state, rect, 1000)).toMatchObject({ x: 140, y: 85, opacity: 0.5 });
    expect(layerAt(state, rect, 500)).toMatchObject({ x: 115, opacity: 0.75 });
    expect(layerAt(state, rect, 4000)).toMatchObject({ x: 190, opacity: 0 });
    const text = layer(state, 't');
    if (!text) throw new Error('no text');
    expect(layerAt(state, text, 1000)).toBe(text);
  });

  it('moves an animated layer with the arrow keys from where it stands at the playhead', () => {
    const state = run(animated(), { type: 'seek', time: 1000 }, { type: 'move', id: 'r', dx: 10, dy: 0 });
    expect(state.keyframes.find((keyframe) => keyframe.time === 1000)?.properties).toEqual({
      x: 150,
      y: 85,
      opacity: 0.5,
    });
  });

  it('removes a keyframe, and keeps the playhead and keyframes within the duration', () => {
    const state = animated();
    expect(run(state, { type: 'removeKeyframe', id: 'r', time: 2000 }).keyframes).toHaveLength(1);
    expect(run(state, { type: 'seek', time: 99999 }).playhead).toBe(state.duration);
    expect(run(state, { type: 'seek', time: -5 }).playhead).toBe(0);
    const shorter = run(state, { type: 'setDuration', duration: 1500 });
    expect(shorter.keyframes.map((keyframe) => keyframe.time)).toEqual([0]);
    expect(shorter.playhead).toBe(1500);
    expect(run(shorter, { type: 'undo' }).duration).toBe(state.duration);
  });
});

describe('ad-builder drafts', () => {
  it('saves the canvas without its history and opens it with nothing selected', () => {
    const state = run(canvas(), { type: 'select', id: 'r' }, { type: 'move', id: 'r', dx: 1, dy: 1 });
    const document = builderDocumentOf(state);
    expect(Object.keys(document).sort()).toEqual(['assets', 'duration', 'keyframes', 'layers']);
    const opened = run(defaultAdBuilderState(), { type: 'load', document });
    expect(opened).toMatchObject({
      layers: state.layers,
      history: [],
      future: [],
      selectedLayer: null,
      playhead: 0,
    });
  });
});

describe('ad-builder unsaved changes (the draft differs from the last saved one)', () => {
  const saved = canvas();
  const content = (state: AdBuilderState, name = 'Spring sale') => ({
    name,
    document: builderDocumentOf(state),
  });

  it('has none right after opening or saving, nor for a fresh canvas', () => {
    expect(hasUnsavedDraftChanges(content(saved), content(saved))).toBe(false);
    const opened = run(defaultAdBuilderState(), { type: 'load', document: builderDocumentOf(saved) });
    expect(hasUnsavedDraftChanges(content(saved), content(opened))).toBe(false);
    const fresh = { name: NEW_BUILDER_DRAFT_NAME, document: builderDocumentOf(defaultAdBuilderState()) };
    expect(
      hasUnsavedDraftChanges(fresh, {
        name: NEW_BUILDER_DRAFT_NAME,
        document: builderDocumentOf(defaultAdBuilderState()),
      }),
    ).toBe(false);
  });

  it('has some once a layer, a keyframe, the duration or the name changes', () => {
    const changes: AdBuilderAction[] = [
      { type: 'move', id: 'r', dx: 1, dy: 0 },
      { type: 'addKeyframe', id: 't' },
      { type: 'setDuration', duration: 6000 },
      { type: 'update', id: 't', changes: { text: 'Winter sale' } },
      { type: 'remove', id: 'r' },
    ];
    for (const change of changes) {
      expect(hasUnsavedDraftChanges(content(saved), content(run(saved, change)))).toBe(true);
    }
    expect(hasUnsavedDraftChanges(content(saved), content(saved, 'Winter sale'))).toBe(true);
  });

  it('counts the name as it is saved (trimmed)', () => {
    expect(hasUnsavedDraftChanges(content(saved), content(saved, '  Spring sale '))).toBe(false);
  });

  it('does not count selecting a layer or moving the playhead, and none are left after undoing back', () => {
    expect(
      hasUnsavedDraftChanges(
        content(saved),
        content(run(saved, { type: 'select', id: 't' }, { type: 'seek', time: 1200 })),
      ),
    ).toBe(false);
    const undone = run(saved, { type: 'move', id: 'r', dx: 5, dy: 5 }, { type: 'undo' });
    expect(hasUnsavedDraftChanges(content(saved), content(undone))).toBe(false);
  });

  it('compares documents as they are stored: key order and undefined keys do not count', () => {
    const document = builderDocumentOf(saved);
    const reordered = {
      duration: document.duration,
      keyframes: document.keyframes,
      assets: document.assets,
      layers: document.layers.map((layer) => ({
        ...Object.fromEntries(Object.entries(layer).reverse()),
        src: undefined,
      })),
    } as typeof document;
    expect(hasUnsavedDraftChanges({ name: 'a', document }, { name: 'a', document: reordered })).toBe(false);
    const reorderedLayers = {
      ...document,
      layers: [document.layers[0], document.layers[2], document.layers[1]],
    };
    expect(
      hasUnsavedDraftChanges(
        { name: 'a', document },
        { name: 'a', document: reorderedLayers as typeof document },
      ),
    ).toBe(true);
  });
});

describe('ad-builder image layers (from an upload or the file manager)', () => {
  it('starts an image at its natural size, scaled down to fit the artboard with its aspect ratio', () => {
    const state = defaultAdBuilderState();
    expect(imageLayerSize(state, { width: 120, height: 60 })).toEqual({ width: 120, height: 60 });
    expect(imageLayerSize(state, { width: 600, height: 200 })).toEqual({ width: 300, height: 100 });
    expect(imageLayerSize(state, { width: 400, height: 1000 })).toEqual({ width: 100, height: 250 });
    expect(imageLayerSize(state, { width: 2, height: 2 })).toEqual({ width: 2, height: 2 });
  });

  it('uses the image default size when the natural size is not known', () => {
    const state = defaultAdBuilderState();
    expect(imageLayerSize(state, { width: null, height: 40 })).toEqual({ width: 120, height: 90 });
    expect(imageLayerSize(state, {})).toEqual({ width: 120, height: 90 });
  });

  it('takes PNG, JPEG, GIF and WebP files as images, nothing else', () => {
    expect(['a.png', 'b.JPG', 'c.jpeg', 'd.gif', 'e.webp'].every(isBuilderImageName)).toBe(true);
    expect(['f.svg', 'g.pdf', 'h.mp4', 'png', 'i.zip'].some(isBuilderImageName)).toBe(false);
    expect(notAnImageMessage('notes.pdf')).toBe(
      'notes.pdf is not an image: choose a PNG, JPEG, GIF or WebP file.',
    );
  });
});
