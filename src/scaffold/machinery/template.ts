// A file a command wants to exist, as a value: where, what, and what to do if it is already there;
// the lines it inserts into files already there.
import type { TemplateData, TemplateName } from './template-data.js';

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

/**
 * A file rendered from a template: where it goes, which template, the data that template takes
 * (template-data.ts: wrong data fails tsc), and what to do if it is already there.
 */
export interface ScaffoldFile<N extends TemplateName> {
  path: string;
  template: N;
  data: TemplateData[N];
  ifExists: IfExists;
}

/** Any template's file, each with its own template's data (a list of them is checked member by member). */
export type AnyScaffoldFile = { [N in TemplateName]: ScaffoldFile<N> }[TemplateName];

/** Lines a command adds at a `+kubebuilder:scaffold:<point>` comment of a file (see inserter.ts). */
export interface Insertion {
  path: string;
  point: string;
  fragments: string[];
}

/** What one object rendered with each of the templates `N` must hold: every one's data at once. */
export type DataOfAll<N extends TemplateName> = (N extends unknown ? (data: TemplateData[N]) => void : never) extends (data: infer D) => void ? D : never;
