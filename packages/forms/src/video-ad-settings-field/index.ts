export {
  type VideoAdSettings,
  type VideoAdSettingsErrors,
  VideoAdSettingsField,
  type VideoAdSettingsFieldProps,
} from './video-ad-settings-field';
