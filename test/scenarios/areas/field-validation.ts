/**
 * Field validation (fieldValidation=Strict|Warn|Ignore, and the default): unknown and duplicate
 * fields in the bodies of create, merge patch and apply, for a ConfigMap, a Deployment and a
 * Widget; the Strict errors and the Warn warnings, their order and text. Bodies are JSON text, as
 * duplicate keys cannot be written as objects.
 */
import { WIDGET_API, widgets } from '../fixtures.js';
import type { Scenario, Session } from '../scenario.js';
import { APPLY, MERGE, scenario } from './scenario-table.js';

interface Target {
  name: string;
  path: (ns: string) => string;
  /** The object's JSON text with `extraMeta` added to metadata and `extraBody` (and `extraSpec` where it has a spec) added. */
  text: (extraMeta: string, extraBody: string, extraSpec: string) => string;
}

const targets: Target[] = [
  {
    name: 'configmap',
    path: (ns) => `/api/v1/namespaces/${ns}/configmaps`,
    text: (m, b, sp) => `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"a"${m}},"data":{"k":"v"${sp}}${b}}`,
  },
  {
    name: 'deployment',
    path: (ns) => `/apis/apps/v1/namespaces/${ns}/deployments`,
    text: (m, b, sp) =>
      `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"a"${m}},"spec":{"selector":{"matchLabels":{"app":"a"}},"template":{"metadata":{"labels":{"app":"a"}},"spec":{"containers":[{"name":"c","image":"i"}]}}${sp}}${b}}`,
  },
  {
    name: 'widget',
    path: widgets,
    text: (m, b, sp) => `{"apiVersion":"${WIDGET_API}","kind":"Widget","metadata":{"name":"a"${m}},"spec":{"color":"red"${sp}}${b}}`,
  },
];

/** [what, extraMeta, extraBody, extraSpec] */
const bodies: [string, string, string, string][] = [
  ['an unknown top-level field', '', ',"bogus":1', ''],
  ['an unknown nested field', '', '', ',"bogus":{"x":1}'],
  ['an unknown metadata field', ',"bogus":"x"', '', ''],
  ['a duplicate metadata field', ',"name":"a"', '', ''],
  ['a duplicate nested field', '', '', ',"color":"blue","color":"green"'],
  ['two unknown fields and a duplicate', ',"labels":{"x":"1"},"labels":{"y":"2"}', ',"zeta":1,"alpha":2', ''],
];

const modes = ['Strict', 'Warn', 'Ignore', ''];
const q = (mode: string, extra = '') => {
  const params = [mode ? `fieldValidation=${mode}` : '', extra].filter(Boolean).join('&');
  return params ? `?${params}` : '';
};

function createScenarios(): Scenario[] {
  return targets.flatMap((t) =>
    bodies.flatMap(([what, m, b, sp]) =>
      modes.map((mode) =>
        scenario(`${t.name}: create with ${what}, ${mode || 'default'}`, async (s: Session) => {
          await s.req('POST', `${t.path(s.ns)}${q(mode)}`, t.text(m, b, sp));
        }),
      ),
    ),
  );
}

/** Merge patches: a patch body with an unknown or duplicate field. */
const patches: [string, string][] = [
  ['an unknown field', '{"metadata":{"labels":{"x":"1"}},"bogus":1}'],
  ['a duplicate field', '{"metadata":{"labels":{"x":"1"},"labels":{"x":"2"}}}'],
];

function patchScenarios(): Scenario[] {
  return targets.flatMap((t) =>
    patches.flatMap(([what, body]) =>
      modes.map((mode) =>
        scenario(`${t.name}: merge patch with ${what}, ${mode || 'default'}`, async (s: Session) => {
          await s.quiet('POST', t.path(s.ns), t.text('', '', ''));
          await s.req('PATCH', `${t.path(s.ns)}/a${q(mode)}`, body, MERGE);
        }),
      ),
    ),
  );
}

function applyScenarios(): Scenario[] {
  return targets.flatMap((t) =>
    bodies
      // Apply reports one of several unknown fields, which one by kube-apiserver's map order: one per body here.
      .filter(([what]) => what !== 'an unknown metadata field' && what !== 'two unknown fields and a duplicate')
      .flatMap(([what, m, b, sp]) =>
        modes.slice(0, 2).map((mode) =>
          scenario(`${t.name}: apply with ${what}, ${mode}`, async (s: Session) => {
            await s.req('PATCH', `${t.path(s.ns)}/a${q(mode, 'fieldManager=me')}`, t.text(m, b, sp), APPLY);
          }),
        ),
      ),
  );
}

function updateScenarios(): Scenario[] {
  return targets.flatMap((t) =>
    (['Strict', 'Warn'] as const).map((mode) =>
      scenario(`${t.name}: update with an unknown nested field, ${mode}`, async (s: Session) => {
        await s.quiet('POST', t.path(s.ns), t.text('', '', ''));
        await s.req('PUT', `${t.path(s.ns)}/a${q(mode)}`, t.text('', '', ',"bogus":2'));
      }),
    ),
  );
}

export const fieldValidation: Scenario[] = [
  ...createScenarios(),
  ...patchScenarios(),
  ...applyScenarios(),
  ...updateScenarios(),
  scenario('apply YAML with a duplicate key, Strict', async (s) => {
    await s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=me&fieldValidation=Strict`, `apiVersion: ${WIDGET_API}\nkind: Widget\nmetadata:\n  name: a\nspec:\n  color: red\n  color: blue\n`, APPLY);
  }),
  scenario('apply YAML with an unknown field, Strict', async (s) => {
    await s.req('PATCH', `${widgets(s.ns, 'a')}?fieldManager=me&fieldValidation=Strict`, `apiVersion: ${WIDGET_API}\nkind: Widget\nmetadata:\n  name: a\nspec:\n  colour: red\n`, APPLY);
  }),
];
