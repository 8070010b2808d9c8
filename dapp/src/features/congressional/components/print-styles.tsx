import GlobalStyles from "@mui/material/GlobalStyles";

/**
 * The deck printed as a handout: every slide (the hidden ones too), one a page, without the app bar and the
 * controls. Mounted with the slides view only.
 */
export function PrintStyles() {
  return (
    <GlobalStyles
      styles={{
        "@media print": {
          "header.MuiAppBar-root, .congressional-no-print": { display: "none !important" },
          ".congressional-slide, .congressional-slide[hidden]": {
            display: "block !important",
            breakAfter: "page",
            breakInside: "avoid",
          },
          ".congressional-slide:last-of-type": { breakAfter: "auto" },
        },
      }}
    />
  );
}
