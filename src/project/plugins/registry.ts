// The optional plugins scaffolder has, in the order `scaffolder help plugins` lists them. A new
// plugin is its value (./<name>.ts) and its steps (src/scaffold/plugins/<name>/steps.ts), listed here.
import { deployImagePlugin } from './deploy-image.js';
import { grafanaPlugin } from './grafana.js';
import { helmPlugin } from './helm.js';
import type { Plugin } from './plugin.js';

export const optionalPlugins: readonly Plugin[] = [deployImagePlugin, grafanaPlugin, helmPlugin];
