export {
  type InsertionOrderCampaignChoice,
  InsertionOrderForm,
  type InsertionOrderFormDefaults,
  type InsertionOrderFormProps,
  type InsertionOrderFormValues,
} from './insertion-order-form';
