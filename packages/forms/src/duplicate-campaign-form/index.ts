export {
  DuplicateCampaignForm,
  type DuplicateCampaignFormProps,
  type DuplicateCampaignFormValues,
} from './duplicate-campaign-form';
