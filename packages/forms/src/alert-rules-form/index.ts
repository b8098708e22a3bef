export { AlertRulesForm, type AlertRulesFormProps, type AlertRulesFormSubmit } from './alert-rules-form';
