// How templates/**/*.hbs are compiled: by render.ts at run time (sources run through tsx or vitest)
// and by scripts/precompile-templates.mjs at build time (the compiled package), which must agree
// for the two to render the same text. No HTML escaping: the output is code. `strict` makes a
// misspelt name an error.
export const templateCompileOptions = { noEscape: true, strict: true } as const;
