export { type AdvertiserChoice, AdvertiserChoices, type AdvertiserChoicesProps } from './advertiser-choices';
export {
  type Invitee,
  InviteUsersForm,
  type InviteUsersFormProps,
  type InviteUsersFormValues,
} from './invite-users-form';
