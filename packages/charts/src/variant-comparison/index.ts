export {
  formatPValue,
  liftText,
  plannedSampleText,
  VariantComparison,
  type VariantComparisonProps,
  type VariantComparisonVerdict,
} from './variant-comparison';
