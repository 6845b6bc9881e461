// Whether this code runs from the minified browser bundles. Their build (tsup.config.ts) defines
// __BROWSER_BUILD__ as true, so the minifier folds this constant and leaves out the code that only
// Node can use; everywhere else the identifier is undeclared and the constant is false.

declare const __BROWSER_BUILD__: boolean | undefined;

/** True only in `dist/browser/`: Node-only paths there are dead code, dropped from the bundle. */
export const BROWSER_BUILD: boolean = typeof __BROWSER_BUILD__ === 'boolean' && __BROWSER_BUILD__;
