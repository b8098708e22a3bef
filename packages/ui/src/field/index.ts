export { Field, type FieldControlProps, FieldError, type FieldProps, fieldVariants } from './field';
