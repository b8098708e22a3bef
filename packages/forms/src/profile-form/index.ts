export {
  ProfileForm,
  type ProfileFormProps,
  type ProfileFormValues,
  type ProfilePasswordValues,
} from './profile-form';
