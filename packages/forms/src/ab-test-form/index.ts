export {
  AbTestForm,
  type AbTestFormCreative,
  type AbTestFormProps,
  type AbTestFormValues,
} from './ab-test-form';
