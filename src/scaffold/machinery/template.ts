// A file a command wants to exist, as a value: where, what, and what to do if it is already there.

/**
 * - `skip`: leave an existing file alone (files the user is expected to edit, kustomizations that
 *   later commands extend through insertion points);
 * - `error`: refuse to replace an existing file unless --force (types, controllers, webhooks, samples);
 * - `overwrite`: always rewrite (files fully derived from the project's state).
 */
export type IfExists = 'skip' | 'error' | 'overwrite';

export interface FileTemplate {
  /** Relative to the project root, with `/` separators. */
  path: string;
  body: string;
  ifExists: IfExists;
}
