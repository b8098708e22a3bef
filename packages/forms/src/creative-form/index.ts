export { CreativeForm, type CreativeFormProps, IAB_SIZES } from './creative-form';
export type { CreativeFormValues, TrackerRow } from './creative-form-schema';
