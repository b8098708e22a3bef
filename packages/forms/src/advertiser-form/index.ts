export {
  AdvertiserForm,
  type AdvertiserFormDefaults,
  type AdvertiserFormProps,
  type AdvertiserFormValues,
} from './advertiser-form';
