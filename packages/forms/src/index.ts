// @adconsole/forms: the product's forms on react-hook-form, validated by @adconsole/domain's schemas.
export * from './sign-in-form';
export * from './sign-up-form';
