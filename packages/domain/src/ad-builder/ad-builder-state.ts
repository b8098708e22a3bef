// The ad-builder canvas state (docs/product.md §3): layers on an artboard (default 300x250, white), assets,
// keyframes, history and the selected layer. The reducer that changes it is ad-builder/ad-builder.ts.
import { z } from 'zod/mini';
import { DEFAULT_ARTBOARD } from '../constants';

/** 'shape' is a rectangle; 'button' a rectangle with a centred label. */
export const LAYER_TYPES = ['artboard', 'image', 'text', 'shape', 'button', 'video'] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/** A colour the exported CSS can take as it is: #rgb or #rrggbb. */
const colourSchema = z.string().check(z.regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'Use a colour like #1a2b3c'));

export const FONT_FAMILIES = [
  'Arial',
  'Georgia',
  'Helvetica',
  'Tahoma',
  'Times New Roman',
  'Verdana',
] as const;

export const layerSchema = z.object({
  id: z.string().check(z.minLength(1)),
  type: z.enum(LAYER_TYPES),
  name: z.string(),
  x: z._default(z.number(), 0),
  y: z._default(z.number(), 0),
  width: z.number().check(z.nonnegative()),
  height: z.number().check(z.nonnegative()),
  /** Fill of the artboard, a rectangle or a button. */
  background: z.optional(colourSchema),
  assetID: z.optional(z.string()),
  /** An image layer's picture: a URL (an uploaded asset's URL or any https URL). */
  src: z.optional(z.string().check(z.maxLength(2000))),
  text: z.optional(z.string().check(z.maxLength(500))),
  /** Text colour of a text layer or a button. */
  color: z.optional(colourSchema),
  fontSize: z.optional(z.number().check(z.gte(4), z.lte(200))),
  fontFamily: z.optional(z.enum(FONT_FAMILIES)),
  opacity: z._default(z.number().check(z.gte(0), z.lte(1)), 1),
  visible: z._default(z.boolean(), true),
});
export type Layer = z.infer<typeof layerSchema>;

/** The properties a keyframe can animate. */
export const ANIMATED_PROPERTIES = ['x', 'y', 'opacity'] as const;
export type AnimatedProperty = (typeof ANIMATED_PROPERTIES)[number];

export const keyframeSchema = z.object({
  layerID: z.string(),
  /** Milliseconds from the start of the animation. */
  time: z.number().check(z.int(), z.nonnegative()),
  properties: z.object({
    x: z.optional(z.number()),
    y: z.optional(z.number()),
    opacity: z.optional(z.number().check(z.gte(0), z.lte(1))),
  }),
});
export type Keyframe = z.infer<typeof keyframeSchema>;

export const builderAssetSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });
export type BuilderAsset = z.infer<typeof builderAssetSchema>;

const snapshotSchema = z.object({
  layers: z.array(layerSchema),
  keyframes: z.array(keyframeSchema),
  selectedLayer: z._default(z.nullable(z.string()), null),
  duration: z.optional(z.number().check(z.int(), z.positive())),
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
  layers: z
    .array(layerSchema)
    .check(z.minLength(1), z.maxLength(MAX_BUILDER_LAYERS, `At most ${MAX_BUILDER_LAYERS} layers`)),
  assets: z._default(z.array(builderAssetSchema).check(z.maxLength(MAX_BUILDER_LAYERS)), []),
  keyframes: z._default(
    z
      .array(keyframeSchema)
      .check(z.maxLength(MAX_BUILDER_KEYFRAMES, `At most ${MAX_BUILDER_KEYFRAMES} keyframes`)),
    [],
  ),
  /** Earlier snapshots for undo, newest last. */
  history: z._default(z.array(snapshotSchema), []),
  /** Undone snapshots for redo, newest last. */
  future: z._default(z.array(snapshotSchema), []),
  selectedLayer: z._default(z.nullable(z.string()), null),
  /** Where the timeline's playhead stands (ms): edits of animated properties land in a keyframe here. */
  playhead: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  /** Length of the animation (ms). */
  duration: z._default(z.number().check(z.int(), z.gte(100), z.lte(MAX_TIMELINE_MS)), DEFAULT_TIMELINE_MS),
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
  .check(
    z.trim(),
    z.minLength(1, 'Give the draft a name'),
    z.maxLength(200, 'A draft name can be at most 200 characters'),
  );

/** What is saved of a state: the canvas and its keyframes, not the undo history. */
export const builderDocumentSchema = z
  .pick(adBuilderStateSchema, { layers: true, assets: true, keyframes: true, duration: true })
  .check(
    z.refine(
      (document) => document.layers[0]?.type === 'artboard' && document.layers[0].id === ARTBOARD_LAYER_ID,
      {
        message: 'The first layer must be the artboard',
        path: ['layers'],
      },
    ),
    z.refine((document) => document.layers.slice(1).every((layer) => layer.type !== 'artboard'), {
      message: 'A document has one artboard',
      path: ['layers'],
    }),
    z.refine(
      (document) => new Set(document.layers.map((layer) => layer.id)).size === document.layers.length,
      {
        message: 'Layer ids must be unique',
        path: ['layers'],
      },
    ),
    z.refine(
      (document) =>
        document.keyframes.every(
          (keyframe) =>
            keyframe.time <= document.duration &&
            document.layers.some((layer) => layer.id === keyframe.layerID),
        ),
      { message: 'Every keyframe must belong to a layer and lie within the duration', path: ['keyframes'] },
    ),
  );
export type BuilderDocument = z.infer<typeof builderDocumentSchema>;

export const builderDraftSchema = z.object({
  id: z.string(),
  name: z.string(),
  document: builderDocumentSchema,
  /** The creative the draft exports to (and its uploaded images belong to), once there is one. */
  campaignID: z.nullable(z.string()),
  creativeID: z.nullable(z.string()),
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
