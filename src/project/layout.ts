// The layout this scaffolder writes into PROJECT (`layout:`) and accepts there. On its own, so that
// `scaffolder version` names it without loading the PROJECT file's YAML library.
export const scaffolderLayout = 'typescript.scaffolder.dev/v1';

/** The manager's entry point in a scaffolded project, where commands register kinds, controllers and webhooks. */
export const mainFile = 'src/main.ts';
