export { AmountField, maxSpendable, type AmountFieldProps } from "./amount-field";
export { AmountForm, amountActionReason, type AmountFormProps } from "./amount-form";
export {
  limitsText,
  validateAmount,
  type AmountCheck,
  type AmountLimits,
  type AmountSchemaInput,
} from "./validate-amount";
