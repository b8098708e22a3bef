export { CopyField, type CopyFieldProps } from './copy-field';
