// File bodies come from templates/**/*.hbs (handlebars; options in template-options.ts).
// Templates get every value ready-made from the plugins.
//
// The compiled package renders from specs `npm run build` made with handlebars' precompiler
// (scripts/precompile-templates.mjs writes them to precompiled-templates.js next to this module's
// .js) and loads only handlebars' runtime: loading its compiler was most of a `create api`'s start.
// That module is looked for next to the running code, never under the package root: sources run
// through tsx or vitest (src/, where it never is) compile the .hbs files, so a template edit needs
// no build, and no dist/ but this code's own is used. Each spec carries the source it was made
// from; a template that differs from it (edited since the build, or new) is compiled from its
// .hbs instead, so a stale or partial build renders the current text, not old text.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type Handlebars from 'handlebars';
import { packageRoot } from './package-root.js';
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

function fromSpec(spec: TemplateSpecification): HandlebarsTemplateDelegate {
  runtime ??= (require('handlebars/runtime') as typeof Handlebars).create();
  return runtime.template(spec);
}

function fromSource(source: string): HandlebarsTemplateDelegate {
  compiler ??= (require('handlebars') as typeof Handlebars).create();
  return compiler.compile(source, { ...templateCompileOptions });
}

const templates = new Map<string, HandlebarsTemplateDelegate>();

/** Renders `templates/<name>.hbs` with `data`. */
export function render(name: string, data: object): string {
  let template = templates.get(name);
  if (!template) {
    const source = readFileSync(join(packageRoot(), 'templates', `${name}.hbs`), 'utf8');
    const built = Object.hasOwn(precompiled, name) ? precompiled[name] : undefined;
    template = built?.source === source ? fromSpec(built.spec) : fromSource(source);
    templates.set(name, template);
  }
  return template(data);
}
