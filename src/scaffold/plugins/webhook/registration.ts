// Where the webhook is registered: src/main.ts (and the API package's index.ts exports).
import type { Plan } from '../../machinery/plan.js';
import type { Insertion } from '../../machinery/template.js';
import { relativeImport } from '../../../project/names.js';
import { mainFile } from '../../../project/layout.js';
import type { WebhookContext } from './context.js';

/** A built-in kind's webhook is imported by src/main.ts; an API's is exported by its package, which src/main.ts imports. */
function registration(wc: WebhookContext): Insertion[] {
  const setup = `setup${wc.res.kind}WebhookWithManager`;
  if (wc.core) {
    const alias = `${wc.names.importAlias}${wc.res.kind}Webhook`;
    return [
      { path: mainFile, point: 'imports', fragments: [`import * as ${alias} from '${relativeImport(mainFile, wc.webhookFile)}';`] },
      { path: mainFile, point: 'webhook', fragments: [`${alias}.${setup}(mgr);`] },
    ];
  }
  return [
    { path: `${wc.names.apiPath}/index.ts`, point: 'exports', fragments: [`export * from './${wc.names.lowerKind}_webhook.js';`] },
    { path: mainFile, point: 'webhook', fragments: [`${wc.names.importAlias}.${setup}(mgr);`] },
  ];
}

export function planRegistration(plan: Plan, wc: WebhookContext): void {
  plan.insertAll(registration(wc));
}
