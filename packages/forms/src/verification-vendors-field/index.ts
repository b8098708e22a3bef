export {
  type VerificationVendorErrors,
  VerificationVendorsField,
  type VerificationVendorsFieldProps,
} from './verification-vendors-field';
