/**
 * render() is typed by template: src/scaffold/machinery/template-data.ts gives each template's data
 * type, read from the template by scripts/template-data-types.ts (printed names required, names only
 * tested by #if optional, #each a list). The file must be what the script writes from templates/,
 * and a template handed the wrong data must fail tsc (the @ts-expect-error lines below fail
 * `npm run typecheck` the day render() accepts them).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { templateDataFile, templateDataSource } from '../../scripts/template-data-types.js';
import { render } from '../../src/scaffold/machinery/render.js';
import { repoRoot } from '../support/shared-paths.js';

const work = mkdtempSync(join(tmpdir(), 'scaffolder-template-data-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('template data types', () => {
  it('src/scaffold/machinery/template-data.ts is what templates/ gives (run `npm run templates:types` after editing a template)', () => {
    expect(readFileSync(join(repoRoot, templateDataFile), 'utf8')).toBe(templateDataSource(repoRoot));
  });

  it('requires what a template prints, lets #if names be missing, and types #each bodies as lists', () => {
    mkdirSync(join(work, 'templates', 'x'), { recursive: true });
    writeFileSync(join(work, 'templates', 'x', 'a.ts.hbs'), '{{kind}}{{#if core}}{{{apiVersion}}}{{else}}{{plural}}{{/if}}\n{{#each lines}}{{{this}}}{{/each}}{{#each items}}{{env}}={{image}}{{/each}}\n');
    writeFileSync(join(work, 'templates', 'x', 'b.yaml.hbs'), 'plain\n');
    const source = templateDataSource(work);
    expect(source).toContain(`  'x/a.ts': {
    apiVersion: TemplateText;
    core?: unknown;
    items: readonly {
      env: TemplateText;
      image: TemplateText;
    }[];
    kind: TemplateText;
    lines: readonly TemplateText[];
    plural: TemplateText;
  };
  'x/b.yaml': object;`);
  });

  it('refuses names the data cannot have (a parent context, a dotted path), naming the template', () => {
    mkdirSync(join(work, 'bad', 'templates'), { recursive: true });
    writeFileSync(join(work, 'bad', 'templates', 'c.hbs'), '{{#each xs}}{{../kind}}{{/each}}');
    expect(() => templateDataSource(join(work, 'bad'))).toThrow('templates/c.hbs: ../kind: only names of the template\'s own data are typed');
  });

  it('a template given data without a name it prints fails tsc and, rendered anyway, throws', () => {
    const qualifiedGroup = 'cache.example.com';
    // @ts-expect-error: api/index.ts prints boilerplate and version too.
    expect(() => render('api/index.ts', { qualifiedGroup })).toThrow(/"boilerplate" not defined/);
    // @ts-expect-error: a list where the template prints text.
    const wrongType = () => render('api/index.ts', { qualifiedGroup, boilerplate: [''], version: 'v1' });
    expect(wrongType).toBeTypeOf('function');
    expect(render('api/index.ts', { qualifiedGroup, boilerplate: '', version: 'v1' })).toContain(qualifiedGroup);
  });
});
