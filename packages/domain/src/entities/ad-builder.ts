// The ad-builder canvas state (docs/product.md §3): layers on an artboard (default 300x250, white), assets,
// keyframes, history and the selected layer. The reducer that changes it is rules/ad-builder.ts.
import { z } from 'zod';
import { DEFAULT_ARTBOARD } from '../constants';

/** 'shape' is a rectangle; 'button' a rectangle with a centred label. */
export const LAYER_TYPES = ['artboard', 'image', 'text', 'shape', 'button', 'video'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/** A colour the exported CSS can take as it is: #rgb or #rrggbb. */
const colourSchema = z.string().regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Use a colour like #1a2b3c');

export const FONT_FAMILIES = [
  'Arial',
  'Georgia',
  'Helvetica',
  'Tahoma',
  'Times New Roman',
  'Verdana',
] as const;

export const layerSchema = z.object({
  id: z.string().min(1),
  type: z.enum(LAYER_TYPES),
  name: z.string(),
  x: z.number().default(0),
  y: z.number().default(0),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  /** Fill of the artboard, a rectangle or a button. */
  background: colourSchema.optional(),
  assetID: z.string().optional(),
  /** An image layer's picture: a URL (an uploaded asset's URL or any https URL). */
  src: z.string().max(2000).optional(),
  text: z.string().max(500).optional(),
  /** Text colour of a text layer or a button. */
  color: colourSchema.optional(),
  fontSize: z.number().min(4).max(200).optional(),
  fontFamily: z.enum(FONT_FAMILIES).optional(),
  opacity: z.number().min(0).max(1).default(1),
  visible: z.boolean().default(true),
});
export type Layer = z.infer<typeof layerSchema>;

/** The properties a keyframe can animate. */
export const ANIMATED_PROPERTIES = ['x', 'y', 'opacity'] as const;
export type AnimatedProperty = (typeof ANIMATED_PROPERTIES)[number];

export const keyframeSchema = z.object({
  layerID: z.string(),
  /** Milliseconds from the start of the animation. */
  time: z.number().int().nonnegative(),
  properties: z.object({
    x: z.number().optional(),
    y: z.number().optional(),
    opacity: z.number().min(0).max(1).optional(),
  }),
});
export type Keyframe = z.infer<typeof keyframeSchema>;

export const builderAssetSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });
export type BuilderAsset = z.infer<typeof builderAssetSchema>;

const snapshotSchema = z.object({
  layers: z.array(layerSchema),
  keyframes: z.array(keyframeSchema),
  selectedLayer: z.string().nullable().default(null),
  duration: z.number().int().positive().optional(),
});
export type AdBuilderSnapshot = z.infer<typeof snapshotSchema>;

/** The timeline's default length and its bounds, in milliseconds. */
export const DEFAULT_TIMELINE_MS = 5000;
export const MAX_TIMELINE_MS = 30000;
export const MAX_BUILDER_LAYERS = 200;
export const MAX_BUILDER_KEYFRAMES = 2000;
/** Undo keeps this many steps. */
export const BUILDER_HISTORY_LIMIT = 100;

export const adBuilderStateSchema = z.object({
  layers: z.array(layerSchema).min(1).max(MAX_BUILDER_LAYERS, `At most ${MAX_BUILDER_LAYERS} layers`),
  assets: z.array(builderAssetSchema).max(MAX_BUILDER_LAYERS).default([]),
  keyframes: z
    .array(keyframeSchema)
    .max(MAX_BUILDER_KEYFRAMES, `At most ${MAX_BUILDER_KEYFRAMES} keyframes`)
    .default([]),
  /** Earlier snapshots for undo, newest last. */
  history: z.array(snapshotSchema).default([]),
  /** Undone snapshots for redo, newest last. */
  future: z.array(snapshotSchema).default([]),
  selectedLayer: z.string().nullable().default(null),
  /** Where the timeline's playhead stands (ms): edits of animated properties land in a keyframe here. */
  playhead: z.number().int().nonnegative().default(0),
  /** Length of the animation (ms). */
  duration: z.number().int().min(100).max(MAX_TIMELINE_MS).default(DEFAULT_TIMELINE_MS),
});
export type AdBuilderState = z.infer<typeof adBuilderStateSchema>;

export const ARTBOARD_LAYER_ID = 'artboard';

/** The IAB display sizes the artboard offers as presets. */
export const IAB_AD_SIZES = [
  { name: 'Medium Rectangle', width: 300, height: 250 },
  { name: 'Leaderboard', width: 728, height: 90 },
  { name: 'Wide Skyscraper', width: 160, height: 600 },
  { name: 'Half Page', width: 300, height: 600 },
  { name: 'Large Rectangle', width: 336, height: 280 },
  { name: 'Billboard', width: 970, height: 250 },
  { name: 'Large Leaderboard', width: 970, height: 90 },
  { name: 'Mobile Leaderboard', width: 320, height: 50 },
  { name: 'Large Mobile Banner', width: 320, height: 100 },
  { name: 'Square', width: 250, height: 250 },
] as const;

/** A fresh canvas: one white 300x250 artboard, nothing else. */
export const defaultAdBuilderState = (): AdBuilderState => ({
  layers: [
    {
      id: ARTBOARD_LAYER_ID,
      type: 'artboard',
      name: 'Artboard',
      x: 0,
      y: 0,
      width: DEFAULT_ARTBOARD.width,
      height: DEFAULT_ARTBOARD.height,
      background: DEFAULT_ARTBOARD.background,
      opacity: 1,
      visible: true,
    },
  ],
  assets: [],
  keyframes: [],
  history: [],
  future: [],
  selectedLayer: null,
  playhead: 0,
  duration: DEFAULT_TIMELINE_MS,
});

/** The artboard layer of a state (always the first). */
export const artboardOf = (state: Pick<AdBuilderState, 'layers'>): Layer => state.layers[0] as Layer;

// ---- Drafts: a user's saved builder work, kept on the server.

export const builderDraftNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the draft a name')
  .max(200, 'A draft name can be at most 200 characters');

/** What is saved of a state: the canvas and its keyframes, not the undo history. */
export const builderDocumentSchema = adBuilderStateSchema
  .pick({ layers: true, assets: true, keyframes: true, duration: true })
  .refine(
    (document) => document.layers[0]?.type === 'artboard' && document.layers[0].id === ARTBOARD_LAYER_ID,
    {
      message: 'The first layer must be the artboard',
      path: ['layers'],
    },
  )
  .refine((document) => document.layers.slice(1).every((layer) => layer.type !== 'artboard'), {
    message: 'A document has one artboard',
    path: ['layers'],
  })
  .refine((document) => new Set(document.layers.map((layer) => layer.id)).size === document.layers.length, {
    message: 'Layer ids must be unique',
    path: ['layers'],
  })
  .refine(
    (document) =>
      document.keyframes.every(
        (keyframe) =>
          keyframe.time <= document.duration &&
          document.layers.some((layer) => layer.id === keyframe.layerID),
      ),
    { message: 'Every keyframe must belong to a layer and lie within the duration', path: ['keyframes'] },
  );
export type BuilderDocument = z.infer<typeof builderDocumentSchema>;

export const builderDraftSchema = z.object({
  id: z.string(),
  name: z.string(),
  document: builderDocumentSchema,
  /** The creative the draft exports to (and its uploaded images belong to), once there is one. */
  campaignID: z.string().nullable(),
  creativeID: z.string().nullable(),
  updatedAt: z.string(),
});
export type BuilderDraft = z.infer<typeof builderDraftSchema>;

/** The document of a state, as a draft saves it. */
export const builderDocumentOf = (state: AdBuilderState): BuilderDocument => ({
  layers: state.layers,
  assets: state.assets,
  keyframes: state.keyframes,
  duration: state.duration,
});

/** A state opened from a saved document: empty history, nothing selected, playhead at 0. */
export const adBuilderStateOf = (document: BuilderDocument): AdBuilderState => ({
  ...defaultAdBuilderState(),
  ...document,
});
