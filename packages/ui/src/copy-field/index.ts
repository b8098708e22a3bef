export { CopyButton, CopyField, type CopyFieldProps, useClipboardCopy } from './copy-field';
