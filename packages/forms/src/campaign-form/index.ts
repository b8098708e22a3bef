export { CampaignForm, type CampaignFormProps, type CampaignFormValues } from './campaign-form';
