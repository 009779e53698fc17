// Where the webhook is registered: src/main.ts (and the API package's index.ts exports).
import type { Plan } from '../../machinery/plan.js';
import { relativeImport } from '../../../project/names.js';
import { mainFile } from '../../../project/layout.js';
import type { WebhookContext } from './context.js';

export function planRegistration(plan: Plan, wc: WebhookContext): void {
  const setup = `setup${wc.res.kind}WebhookWithManager`;
  if (wc.core) {
    const alias = `${wc.names.importAlias}${wc.res.kind}Webhook`;
    plan.insert(mainFile, 'imports', [`import * as ${alias} from '${relativeImport(mainFile, wc.webhookFile)}';`]);
    plan.insert(mainFile, 'webhook', [`${alias}.${setup}(mgr);`]);
    return;
  }
  plan.insert(`${wc.names.apiPath}/index.ts`, 'exports', [`export * from './${wc.names.lowerKind}_webhook.js';`]);
  plan.insert(mainFile, 'webhook', [`${wc.names.importAlias}.${setup}(mgr);`]);
}
