// File bodies come from templates/**/*.hbs (handlebars, no HTML escaping: the output is code).
// Templates get every value ready-made from the plugins; `strict` makes a misspelt name an error.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Handlebars from 'handlebars';
import { packageRoot } from './package-root.js';

const engine = Handlebars.create();
const compiled = new Map<string, HandlebarsTemplateDelegate>();

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
