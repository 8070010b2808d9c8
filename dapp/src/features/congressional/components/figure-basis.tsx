import { Pill } from "../../../components/pill";

/** Says what a figure is: computed from our data, or the spec's default / fallback standing in for missing data. */
export function FigureBasis({ basis }: { basis: "computed" | "spec-default" | "fallback" }) {
  return basis === "computed" ? (
    <Pill
      data-testid="figure-basis"
      data-basis={basis}
      label="Computed"
      size="small"
      color="success"
      variant="outlined"
    />
  ) : (
    <Pill
      data-testid="figure-basis"
      data-basis={basis}
      label={basis === "fallback" ? "Spec fallback" : "Spec default"}
      size="small"
      color="warning"
      variant="outlined"
    />
  );
}

/** A marketing figure from the spec, shown as what it is. */
export function ClaimLabel() {
  return <Pill label="Product claim" size="small" variant="outlined" data-testid="claim-label" />;
}
