export {
  PlacementForm,
  type PlacementFormCreative,
  type PlacementFormProps,
  type PlacementFormValues,
  type PlacementShape,
} from './placement-form';
