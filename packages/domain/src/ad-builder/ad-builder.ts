// The ad-builder's pure reducer: every change to the canvas, the keyframes, the selection and the
// timeline is an action here, so undo/redo, the keyboard and the mouse all go through one place.

import { assetFileType } from '../campaigns/asset-upload';
import {
  type AdBuilderSnapshot,
  type AdBuilderState,
  ANIMATED_PROPERTIES,
  type AnimatedProperty,
  ARTBOARD_LAYER_ID,
  adBuilderStateOf,
  BUILDER_HISTORY_LIMIT,
  type BuilderDocument,
  type Keyframe,
  type Layer,
  type LayerType,
  MAX_TIMELINE_MS,
} from './ad-builder-state';

export type ArrangeTo = 'front' | 'forward' | 'backward' | 'back';
export type LayerChanges = Partial<Omit<Layer, 'id' | 'type'>>;

export type AdBuilderAction =
  | { type: 'addLayer'; layer: Layer }
  | { type: 'select'; id: string | null }
  /** Records the present state as one undo step, before a change made of many (a drag). */
  | { type: 'checkpoint' }
  /** `record: false` leaves history alone (the moves of a drag after its checkpoint). */
  | { type: 'update'; id: string; changes: LayerChanges; record?: boolean }
  | { type: 'move'; id: string; dx: number; dy: number }
  | { type: 'remove'; id: string }
  | { type: 'arrange'; id: string; to: ArrangeTo }
  | { type: 'addKeyframe'; id: string }
  | { type: 'removeKeyframe'; id: string; time: number }
  | { type: 'seek'; time: number }
  | { type: 'setDuration'; duration: number }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'load'; document: BuilderDocument };

/** The smallest width or height a layer can be resized to (px). */
export const MIN_LAYER_SIZE = 4;

const LAYER_DEFAULTS: Record<Exclude<LayerType, 'artboard' | 'video'>, Omit<Layer, 'id' | 'x' | 'y'>> = {
  text: {
    type: 'text',
    name: 'Text',
    width: 160,
    height: 40,
    text: 'Your headline',
    color: '#111827',
    fontSize: 20,
    fontFamily: 'Arial',
    opacity: 1,
    visible: true,
  },
  shape: {
    type: 'shape',
    name: 'Rectangle',
    width: 120,
    height: 80,
    background: '#2563eb',
    opacity: 1,
    visible: true,
  },
  button: {
    type: 'button',
    name: 'Button',
    width: 120,
    height: 36,
    text: 'Learn more',
    background: '#dc2626',
    color: '#ffffff',
    fontSize: 14,
    fontFamily: 'Arial',
    opacity: 1,
    visible: true,
  },
  image: {
    type: 'image',
    name: 'Image',
    width: 120,
    height: 90,
    src: '',
    opacity: 1,
    visible: true,
  },
};

/**
 * A new layer of a kind with its defaults, centred on the artboard (and no larger than it). The id
 * is the caller's, so the reducer stays pure.
 */
export function newLayer(
  state: Pick<AdBuilderState, 'layers'>,
  type: keyof typeof LAYER_DEFAULTS,
  id: string,
  changes: LayerChanges = {},
): Layer {
  const artboard = state.layers[0] as Layer;
  const defaults = { ...LAYER_DEFAULTS[type], ...changes };
  const width = Math.min(defaults.width, artboard.width);
  const height = Math.min(defaults.height, artboard.height);
  const sameKind = state.layers.filter((layer) => layer.type === type).length;
  return {
    ...defaults,
    id,
    name: sameKind === 0 ? defaults.name : `${defaults.name} ${sameKind + 1}`,
    width,
    height,
    x: Math.round((artboard.width - width) / 2),
    y: Math.round((artboard.height - height) / 2),
  };
}

/** The image extensions an image layer takes (the creative asset upload's image types). */
export const isBuilderImageName = (name: string): boolean =>
  name.includes('.') && assetFileType(name)?.kind === 'image';

/**
 * The size an image layer starts at: the image's own (natural) size, scaled down to fit the artboard
 * with its aspect ratio kept; the image layer's default size when the image's size is not known.
 */
export function imageLayerSize(
  state: Pick<AdBuilderState, 'layers'>,
  natural: { width?: number | null | undefined; height?: number | null | undefined },
): { width: number; height: number } {
  const artboard = state.layers[0] as Layer;
  const { width, height } = natural;
  if (!width || !height || width <= 0 || height <= 0) {
    return { width: LAYER_DEFAULTS.image.width, height: LAYER_DEFAULTS.image.height };
  }
  const scale = Math.min(1, artboard.width / width, artboard.height / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

const snapshotOf = (state: AdBuilderState): AdBuilderSnapshot => ({
  layers: state.layers,
  keyframes: state.keyframes,
  selectedLayer: state.selectedLayer,
  duration: state.duration,
});

/** The state with its present recorded as an undo step (redo is forgotten: a new branch). */
const recorded = (state: AdBuilderState): AdBuilderState => ({
  ...state,
  history: [...state.history, snapshotOf(state)].slice(-BUILDER_HISTORY_LIMIT),
  future: [],
});

/** The state with a snapshot's canvas put back (undo and redo). */
const restored = (state: AdBuilderState, snapshot: AdBuilderSnapshot): AdBuilderState => {
  const duration = snapshot.duration ?? state.duration;
  return {
    ...state,
    layers: snapshot.layers,
    keyframes: snapshot.keyframes,
    selectedLayer: snapshot.selectedLayer,
    duration,
    playhead: Math.min(state.playhead, duration),
  };
};

const keyframesOf = (state: Pick<AdBuilderState, 'keyframes'>, layerID: string): Keyframe[] =>
  state.keyframes.filter((keyframe) => keyframe.layerID === layerID).sort((a, b) => a.time - b.time);

/** A layer's animated property at a time: linear between the keyframes that set it, held outside them. */
function valueAt(layer: Layer, keyframes: Keyframe[], property: AnimatedProperty, time: number): number {
  const setting = keyframes.filter((keyframe) => keyframe.properties[property] !== undefined);
  const base = layer[property];
  const first = setting[0];
  if (first === undefined) return base;
  const after = setting.findIndex((keyframe) => keyframe.time > time);
  if (after === 0) return first.properties[property] as number;
  const before = setting[(after === -1 ? setting.length : after) - 1] as Keyframe;
  const next = after === -1 ? undefined : setting[after];
  const from = before.properties[property] as number;
  if (next === undefined) return from;
  const to = next.properties[property] as number;
  const progress = (time - before.time) / (next.time - before.time);
  const value = from + (to - from) * progress;
  return property === 'opacity' ? Math.round(value * 1000) / 1000 : Math.round(value * 10) / 10;
}

// ---- Unsaved changes: is what the user sees the draft as it was last saved (or opened)?

/** What a draft keeps: its name and its document (not the selection, the playhead or the undo history). */
export interface BuilderDraftContent {
  name: string;
  document: BuilderDocument;
}

/** The name a new canvas starts with. */
export const NEW_BUILDER_DRAFT_NAME = 'Untitled banner';

/** Equal as JSON would store them: key order does not count, nor does a key whose value is undefined. */
function sameStoredValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameStoredValue(item, b[index]))
    );
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = (record: Record<string, unknown>) =>
    Object.keys(record).filter((key) => record[key] !== undefined);
  const leftKeys = keys(left);
  return (
    leftKeys.length === keys(right).length &&
    leftKeys.every((key) => right[key] !== undefined && sameStoredValue(left[key], right[key]))
  );
}

/**
 * Does the draft have unsaved changes: does its name (trimmed, as it is saved) or its document (layers,
 * assets, keyframes, duration) differ from the last saved (or opened) one? Selecting a layer or moving
 * the playhead is no change; undoing back to the saved canvas leaves none.
 */
export function hasUnsavedDraftChanges(saved: BuilderDraftContent, current: BuilderDraftContent): boolean {
  return saved.name.trim() !== current.name.trim() || !sameStoredValue(saved.document, current.document);
}

/** A layer as it stands at a time of its animation. */
export function layerAt(state: Pick<AdBuilderState, 'keyframes'>, layer: Layer, time: number): Layer {
  const keyframes = keyframesOf(state, layer.id);
  if (keyframes.length === 0) return layer;
  return {
    ...layer,
    x: valueAt(layer, keyframes, 'x', time),
    y: valueAt(layer, keyframes, 'y', time),
    opacity: valueAt(layer, keyframes, 'opacity', time),
  };
}

export const selectedLayerOf = (state: AdBuilderState): Layer | undefined =>
  state.layers.find((layer) => layer.id === state.selectedLayer && layer.id !== ARTBOARD_LAYER_ID);

/** Does the layer animate (has it keyframes)? */
export const isAnimated = (state: Pick<AdBuilderState, 'keyframes'>, layerID: string): boolean =>
  state.keyframes.some((keyframe) => keyframe.layerID === layerID);

/** Sets a layer's keyframe at a time (merging with one already there). */
function withKeyframe(
  keyframes: Keyframe[],
  layerID: string,
  time: number,
  properties: Keyframe['properties'],
): Keyframe[] {
  const existing = keyframes.find((keyframe) => keyframe.layerID === layerID && keyframe.time === time);
  if (!existing) return [...keyframes, { layerID, time, properties }];
  return keyframes.map((keyframe) =>
    keyframe === existing ? { ...keyframe, properties: { ...keyframe.properties, ...properties } } : keyframe,
  );
}

const clampSize = (value: number) => Math.max(MIN_LAYER_SIZE, Math.round(value));

/**
 * Applies changes to a layer. On an animated layer, changes of x, y and opacity go into the keyframe
 * at the playhead (the other properties to the layer itself), so what the user sees is what is kept.
 */
function applyChanges(state: AdBuilderState, id: string, changes: LayerChanges): AdBuilderState {
  const layer = state.layers.find((candidate) => candidate.id === id);
  if (!layer) return state;
  const own: LayerChanges = { ...changes };
  if (own.width !== undefined) own.width = clampSize(own.width);
  if (own.height !== undefined) own.height = clampSize(own.height);
  if (own.opacity !== undefined) own.opacity = Math.min(1, Math.max(0, own.opacity));
  let keyframes = state.keyframes;
  if (id !== ARTBOARD_LAYER_ID && isAnimated(state, id)) {
    const animated: Keyframe['properties'] = {};
    for (const property of ANIMATED_PROPERTIES) {
      if (own[property] === undefined) continue;
      animated[property] = own[property];
      delete own[property];
    }
    if (Object.keys(animated).length > 0) {
      const present = layerAt(state, layer, state.playhead);
      const current = { x: present.x, y: present.y, opacity: present.opacity };
      keyframes = withKeyframe(keyframes, id, state.playhead, { ...current, ...animated });
    }
  }
  return {
    ...state,
    layers: state.layers.map((candidate) => (candidate.id === id ? { ...candidate, ...own } : candidate)),
    keyframes,
  };
}

function arrange(layers: Layer[], id: string, to: ArrangeTo): Layer[] {
  const [artboard, ...content] = layers as [Layer, ...Layer[]];
  const index = content.findIndex((layer) => layer.id === id);
  if (index === -1) return layers;
  const layer = content[index] as Layer;
  const rest = content.filter((candidate) => candidate.id !== id);
  const target = {
    front: content.length - 1,
    back: 0,
    forward: Math.min(content.length - 1, index + 1),
    backward: Math.max(0, index - 1),
  }[to];
  if (target === index) return layers;
  return [artboard, ...rest.slice(0, target), layer, ...rest.slice(target)];
}

const clampTime = (time: number, duration: number) => Math.min(duration, Math.max(0, Math.round(time)));

export function adBuilderReducer(state: AdBuilderState, action: AdBuilderAction): AdBuilderState {
  switch (action.type) {
    case 'addLayer':
      return { ...recorded(state), layers: [...state.layers, action.layer], selectedLayer: action.layer.id };
    case 'select': {
      const exists = state.layers.some((layer) => layer.id === action.id && layer.id !== ARTBOARD_LAYER_ID);
      return { ...state, selectedLayer: exists ? action.id : null };
    }
    case 'checkpoint':
      return recorded(state);
    case 'update':
      return applyChanges(action.record === false ? state : recorded(state), action.id, action.changes);
    case 'move': {
      const layer = state.layers.find((candidate) => candidate.id === action.id);
      if (!layer || layer.id === ARTBOARD_LAYER_ID) return state;
      const present = layerAt(state, layer, state.playhead);
      return applyChanges(recorded(state), action.id, { x: present.x + action.dx, y: present.y + action.dy });
    }
    case 'remove': {
      if (action.id === ARTBOARD_LAYER_ID || !state.layers.some((layer) => layer.id === action.id))
        return state;
      return {
        ...recorded(state),
        layers: state.layers.filter((layer) => layer.id !== action.id),
        keyframes: state.keyframes.filter((keyframe) => keyframe.layerID !== action.id),
        selectedLayer: state.selectedLayer === action.id ? null : state.selectedLayer,
      };
    }
    case 'arrange': {
      const layers = arrange(state.layers, action.id, action.to);
      return layers === state.layers ? state : { ...recorded(state), layers };
    }
    case 'addKeyframe': {
      const layer = state.layers.find((candidate) => candidate.id === action.id);
      if (!layer || layer.id === ARTBOARD_LAYER_ID) return state;
      const present = layerAt(state, layer, state.playhead);
      return {
        ...recorded(state),
        keyframes: withKeyframe(state.keyframes, layer.id, state.playhead, {
          x: present.x,
          y: present.y,
          opacity: present.opacity,
        }),
      };
    }
    case 'removeKeyframe': {
      const keyframes = state.keyframes.filter(
        (keyframe) => !(keyframe.layerID === action.id && keyframe.time === action.time),
      );
      return keyframes.length === state.keyframes.length ? state : { ...recorded(state), keyframes };
    }
    case 'seek':
      return { ...state, playhead: clampTime(action.time, state.duration) };
    case 'setDuration': {
      const duration = Math.min(MAX_TIMELINE_MS, Math.max(100, Math.round(action.duration)));
      return {
        ...recorded(state),
        duration,
        playhead: Math.min(state.playhead, duration),
        keyframes: state.keyframes.filter((keyframe) => keyframe.time <= duration),
      };
    }
    case 'undo': {
      const previous = state.history.at(-1);
      if (!previous) return state;
      return {
        ...restored(state, previous),
        history: state.history.slice(0, -1),
        future: [...state.future, snapshotOf(state)],
      };
    }
    case 'redo': {
      const next = state.future.at(-1);
      if (!next) return state;
      return {
        ...restored(state, next),
        history: [...state.history, snapshotOf(state)],
        future: state.future.slice(0, -1),
      };
    }
    case 'load':
      return adBuilderStateOf(action.document);
  }
}
