// MUI's theme code carries two engines: the classic theme (createThemeNoVars + ThemeProviderNoVars) and the
// CSS-variables one (createThemeWithVars, CssVarsProvider, the colour-scheme script and storage manager).
// Every styled component reaches both through `styles/defaultTheme` -> `createTheme`, so the second is in
// every first load (8.7 KB gzip measured) although this app never enables it: `app/theme.ts` passes a
// palette and neither `cssVariables` nor `colorSchemes`, which makes createTheme return the classic theme
// and ThemeProvider render ThemeProviderNoVars. This plugin swaps the two CSS-variables modules for stubs
// that throw if anything ever asks for them, so turning CSS variables on fails loudly instead of silently.
import type { Plugin } from "vite";

const STUBS: Record<string, string> = {
  "./createThemeWithVars.mjs": `
    const off = () => { throw new Error("CSS-variables themes are compiled out of this app (dapp/build/mui-without-css-vars.mts)"); };
    export const createGetCssVar = off;
    export default off;`,
  "./ThemeProviderWithVars.mjs": `
    const off = () => { throw new Error("CssVarsProvider is compiled out of this app (dapp/build/mui-without-css-vars.mts)"); };
    export const CssVarsProvider = off;
    export const Experimental_CssVarsProvider = off;
    export const useColorScheme = off;
    export const getInitColorSchemeScript = off;`,
};
const PREFIX = "\0mui-without-css-vars:";
const STYLES_DIR = /[\\/]@mui[\\/]material[\\/]styles[\\/][^\\/]+\.mjs$/;

export function muiWithoutCssVars(): Plugin {
  return {
    name: "xqb:mui-without-css-vars",
    enforce: "pre",
    resolveId(source, importer) {
      if (importer && STUBS[source] !== undefined && STYLES_DIR.test(importer)) return PREFIX + source;
      return null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? STUBS[id.slice(PREFIX.length)] : null;
    },
  };
}
