export { Field, type FieldControlProps, type FieldProps, fieldVariants } from './field';
