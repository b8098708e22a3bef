export { IAB_SIZES } from './creative-dimensions';
export { CreativeForm, type CreativeFormProps } from './creative-form';
export type { CreativeFormValues, TrackerRow } from './creative-form-schema';
