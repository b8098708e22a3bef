// The simple ad-builder canvas state (spec section 3).
import { z } from 'zod';
import { DEFAULT_ARTBOARD } from '../constants';

export const LAYER_TYPES = ['artboard', 'image', 'text', 'shape', 'video'] as const;

export const layerSchema = z.object({
  id: z.string().min(1),
  type: z.enum(LAYER_TYPES),
  name: z.string(),
  x: z.number().default(0),
  y: z.number().default(0),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
  background: z.string().optional(),
  assetID: z.string().optional(),
  text: z.string().optional(),
  visible: z.boolean().default(true),
});
export type Layer = z.infer<typeof layerSchema>;

export const keyframeSchema = z.object({
  layerID: z.string(),
  time: z.number().nonnegative(),
  properties: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type Keyframe = z.infer<typeof keyframeSchema>;

export const builderAssetSchema = z.object({ id: z.string(), name: z.string(), url: z.string() });

const snapshotSchema = z.object({ layers: z.array(layerSchema), keyframes: z.array(keyframeSchema) });

export const adBuilderStateSchema = z.object({
  layers: z.array(layerSchema),
  assets: z.array(builderAssetSchema).default([]),
  keyframes: z.array(keyframeSchema).default([]),
  /** Earlier snapshots for undo, newest last. */
  history: z.array(snapshotSchema).default([]),
  selectedLayer: z.string().nullable().default(null),
});
export type AdBuilderState = z.infer<typeof adBuilderStateSchema>;

export const ARTBOARD_LAYER_ID = 'artboard';

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
      visible: true,
    },
  ],
  assets: [],
  keyframes: [],
  history: [],
  selectedLayer: null,
});
