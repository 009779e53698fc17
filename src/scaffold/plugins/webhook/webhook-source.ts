// The webhook file, `<kind>_webhook.ts`: its defaulter, validator and the builder that registers
// them (and the conversions); a later run merges new parts into it.
import { addNamedImports } from '../../machinery/ts-imports.js';
import type { Plan } from '../../machinery/plan.js';
import { render } from '../../machinery/render.js';
import { relativeImport } from '../../../project/names.js';
import { type WebhookContext, type WebhookTypes, sectionData, spokeAlias, spokeIndex } from './context.js';

function builderCalls(wc: WebhookContext, types: WebhookTypes): string[] {
  const calls: string[] = [];
  const webhooks = wc.res.webhooks;
  if (types.defaulting) {
    calls.push(`.withDefaulter(new ${wc.res.kind}CustomDefaulter())`);
    if (webhooks?.defaultingPath) calls.push(`.withDefaulterCustomPath('${webhooks.defaultingPath}')`);
  }
  if (types.validation) {
    calls.push(`.withValidator(new ${wc.res.kind}CustomValidator())`);
    if (webhooks?.validationPath) calls.push(`.withValidatorCustomPath('${webhooks.validationPath}')`);
  }
  for (const spoke of types.spokes) {
    const alias = spokeAlias(wc, spoke);
    calls.push(`.withConversion({ hub: ${wc.res.kind}, spoke: ${alias}.${wc.res.kind}, ...${alias}.${wc.names.camelKind}Conversion })`);
  }
  return calls;
}

function runtimeNames(types: WebhookTypes, wc: WebhookContext, full: boolean): string[] {
  const names: string[] = [];
  if (types.defaulting) names.push('type CustomDefaulter');
  if (types.validation) names.push('type CustomValidator', 'type Warnings');
  if (full) {
    names.push('type Manager', 'log', 'webhookManagedBy');
    if (wc.core) names.push('type ObjectOf', wc.inlineKind ? 'defineKind' : wc.kindRef);
  }
  return names;
}

export function planWebhookSource(plan: Plan, wc: WebhookContext, types: WebhookTypes, rewrite: boolean): void {
  const data = sectionData(wc);
  const sections: string[] = [];
  if (types.defaulting) sections.push(render('webhook/defaulter.ts', data).trimEnd());
  if (types.validation) sections.push(render('webhook/validator.ts', data).trimEnd());
  const spokeImports = types.spokes.map((s) => `import * as ${spokeAlias(wc, s)} from '${relativeImport(wc.webhookFile, spokeIndex(wc, s))}';`);
  if (rewrite) {
    const extraImports = [...(wc.core ? [] : [`import { ${wc.res.kind} } from './${wc.names.lowerKind}_types.js';`]), ...spokeImports];
    const body = render('webhook/webhook.ts', {
      ...data,
      runtimeImports: runtimeNames(types, wc, true).join(', '),
      extraImports,
      builderCalls: builderCalls(wc, types),
      sections,
    });
    plan.add({ path: wc.webhookFile, body, ifExists: 'overwrite' });
    return;
  }
  const imports = [...spokeImports];
  const runtime = runtimeNames(types, wc, false);
  if (runtime.length > 0) {
    const merged = addNamedImports(plan.read(wc.webhookFile) ?? '', 'kubescaffolder/runtime', runtime);
    if (merged === undefined) imports.unshift(`import { ${runtime.join(', ')} } from 'kubescaffolder/runtime';`);
    else plan.edit(wc.webhookFile, () => merged);
  }
  plan.insert(wc.webhookFile, 'imports', imports);
  plan.insert(wc.webhookFile, 'webhookbuilder', builderCalls(wc, types));
  if (sections.length > 0) plan.insert(wc.webhookFile, 'webhookimpl', sections.map((s) => `${s}\n\n`));
}
