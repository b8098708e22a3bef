export {
  type Invitee,
  InviteUsersForm,
  type InviteUsersFormProps,
  type InviteUsersFormValues,
} from './invite-users-form';
