export { ProfileForm, type ProfileFormProps, type ProfileFormValues } from './profile-form';
