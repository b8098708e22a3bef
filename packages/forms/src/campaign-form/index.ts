export type { CampaignAdvertiserChoices } from './advertiser-fields';
export { CampaignForm, type CampaignFormProps, type CampaignFormValues } from './campaign-form';
