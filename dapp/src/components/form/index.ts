export { AmountField, maxSpendable, type AmountFieldProps } from "./amount-field";
export {
  limitsText,
  validateAmount,
  type AmountCheck,
  type AmountLimits,
  type AmountSchemaInput,
} from "./validate-amount";
