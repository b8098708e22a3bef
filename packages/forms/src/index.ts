// @adconsole/forms: the product's forms on react-hook-form, validated by @adconsole/domain's schemas.

export * from './ab-test-form';
export * from './advertiser-form';
export * from './alert-rules-form';
export * from './api-token-form';
export * from './campaign-form';
export * from './change-password-form';
export * from './conversion-action-form';
export * from './creative-form';
export * from './delivery-rules-form';
export * from './duplicate-campaign-form';
export * from './forgot-password-form';
export * from './insertion-order-form';
export * from './invite-users-form';
export * from './layout-options-form';
export * from './placement-form';
export * from './profile-form';
export * from './report-export-form';
export * from './schedule-report-form';
export * from './sign-in-form';
export * from './sign-up-form';
export * from './verification-vendors-field';
export * from './video-ad-settings-field';
