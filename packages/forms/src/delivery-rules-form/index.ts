export { DeliveryRulesForm, type DeliveryRulesFormProps } from './delivery-rules-form';
export type { EstimateState } from './estimate-note';
