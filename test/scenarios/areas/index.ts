/** The corpus, one area per recorded file. */
import type { Scenario } from '../scenario.js';
import { apply } from './apply.js';
import { builtins } from './builtins.js';
import { crdLifecycle } from './crd.js';
import { crud } from './crud.js';
import { fieldValidation } from './field-validation.js';
import { gc } from './gc.js';
import { metadata } from './metadata.js';
import { options } from './options.js';
import { patch } from './patch.js';
import { watch } from './watch.js';

export interface Area {
  name: string;
  scenarios: Scenario[];
}

export const areas: Area[] = [
  { name: 'crud', scenarios: crud },
  { name: 'options', scenarios: options },
  { name: 'apply', scenarios: apply },
  { name: 'patch', scenarios: patch },
  { name: 'watch', scenarios: watch },
  { name: 'field-validation', scenarios: fieldValidation },
  { name: 'metadata', scenarios: metadata },
  { name: 'builtins', scenarios: builtins },
  { name: 'crd', scenarios: crdLifecycle },
  { name: 'gc', scenarios: gc },
];
