// File bodies come from templates/**/*.hbs (handlebars, no HTML escaping: the output is code).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { packageRoot } from './package-root.js';

const engine = Handlebars.create();
const compiled = new Map<string, HandlebarsTemplateDelegate>();

engine.registerHelper('lower', (s: unknown) => String(s).toLowerCase());
engine.registerHelper('eq', (a: unknown, b: unknown) => a === b);
engine.registerHelper('or', (...args: unknown[]) => args.slice(0, -1).some(Boolean));
engine.registerHelper('and', (...args: unknown[]) => args.slice(0, -1).every(Boolean));
engine.registerHelper('not', (a: unknown) => !a);
engine.registerHelper('json', (a: unknown) => JSON.stringify(a));

/** Renders `templates/<name>.hbs` with `data`. */
export function render(name: string, data: object): string {
  let template = compiled.get(name);
  if (!template) {
    const source = readFileSync(join(packageRoot(), 'templates', `${name}.hbs`), 'utf8');
    template = engine.compile(source, { noEscape: true, strict: true });
    compiled.set(name, template);
  }
  return template(data);
}
