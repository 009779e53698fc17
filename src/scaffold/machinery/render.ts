// File bodies come from templates/**/*.hbs (handlebars; options in template-options.ts).
// Templates get every value ready-made from the plugins.
//
// The compiled package renders the specs `npm run build` precompiled (precompiled-templates.js, next
// to this module's .js) with handlebars' runtime alone: loading and running the compiler cost a
// `create api --dry-run` about a fifth of its CPU. The module is looked for next to the running code,
// not under the package root: sources under tsx or vitest (src/, where it never is) compile the
// .hbs files, so a template edit needs no build, and a dist/ other than this code's own is never
// used. A template whose source differs from the one its spec was made from (edited since the
// build, or new) is compiled from its .hbs: a stale or missing build cannot render old text.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type Handlebars from 'handlebars';
import { packageRoot } from '../../files/package-root.js';
import type { TemplateData, TemplateName } from './template-data.js';
import { templateCompileOptions } from './template-options.js';

/** What precompiled-templates.js exports for each template: its spec and the source it came from. */
interface PrecompiledTemplate {
  source: string;
  spec: TemplateSpecification;
}

const precompiledModule = new URL('./precompiled-templates.js', import.meta.url);
const precompiled = existsSync(precompiledModule)
  ? ((await import(precompiledModule.href)) as { templates: Record<string, PrecompiledTemplate> }).templates
  : {};

// handlebars is CommonJS: required when first needed, so that a run from precompiled specs never
// loads the compiler, and one that renders nothing loads neither.
const require = createRequire(import.meta.url);
let runtime: typeof Handlebars | undefined;
let compiler: typeof Handlebars | undefined;

function fromSpec(spec: TemplateSpecification, source: string): HandlebarsTemplateDelegate {
  // handlebars' one-file build of its runtime (the same code as handlebars/runtime's 21 modules).
  runtime ??= (require('handlebars/dist/handlebars.runtime.js') as typeof Handlebars).create();
  try {
    return runtime.template(spec);
  } catch {
    // A spec the installed runtime refuses (made by another handlebars compiler revision, after
    // an upgrade that npm's fixed file times hide from prepare) is compiled again from its source.
    return fromSource(source);
  }
}

function fromSource(source: string): HandlebarsTemplateDelegate {
  compiler ??= (require('handlebars') as typeof Handlebars).create();
  return compiler.compile(source, { ...templateCompileOptions });
}

const templates = new Map<string, HandlebarsTemplateDelegate>();

/** Renders `templates/<name>.hbs` with `data` (its type, template-data.ts, is read from the template). */
export function render<N extends TemplateName>(name: N, data: TemplateData[N]): string {
  let template = templates.get(name);
  if (!template) {
    const source = readFileSync(join(packageRoot(), 'templates', `${name}.hbs`), 'utf8');
    const built = Object.hasOwn(precompiled, name) ? precompiled[name] : undefined;
    template = built?.source === source ? fromSpec(built.spec, source) : fromSource(source);
    templates.set(name, template);
  }
  return template(data);
}
