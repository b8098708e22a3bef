export { DeliveryRulesForm, type DeliveryRulesFormProps } from './delivery-rules-form';
export type { EstimateState } from './estimate-note';
export type { ListRuleValue } from './list-rule-field';
export {
  checkTargeting,
  type TargetingCheck,
  TargetingFields,
  type TargetingFieldsProps,
  type TargetingValues,
} from './targeting-fields';
