export { ActionButton, type ActionButtonProps } from "./action-button";
export { AmountField, maxSpendable, type AmountFieldProps } from "./amount-field";
export { AmountForm, type AmountFormProps } from "./amount-form";
export {
  limitsText,
  textRule,
  validateAmount,
  type AmountRule,
  type AmountCheck,
  type AmountLimits,
  type AmountSchemaInput,
} from "./validate-amount";
