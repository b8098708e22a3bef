export { ConversionTiles, type ConversionTilesProps } from './conversion-tiles';
