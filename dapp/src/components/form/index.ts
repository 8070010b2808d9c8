export { AmountField, maxSpendable, type AmountFieldProps } from "./amount-field";
export { AmountForm, type AmountFormProps } from "./amount-form";
export {
  limitsText,
  validateAmount,
  type AmountCheck,
  type AmountLimits,
  type AmountSchemaInput,
} from "./validate-amount";
