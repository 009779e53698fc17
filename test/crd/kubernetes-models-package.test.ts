/**
 * Reading kubernetes-models' `.d.ts` files (src/generators/crd/schema/kubernetes-models-package.ts):
 * which interface a component is, each documented property's text as the package escapes it, and
 * where the package is found from a project. The model files here are made up in the package's layout.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { componentWord, findKubernetesModels, parseModelFile } from '../../src/generators/crd/schema/kubernetes-models-package.js';

const WIDGET = `import { ModelData, TypeMeta, Model } from "@kubernetes-models/base";
/**
 * Widget is made up for this test.
 * @deprecated
 */
export interface IWidget extends TypeMeta {
    "apiVersion": "example/v1";
    "kind": "Widget";
    /**
     * size is how big, in '\\*' or '\\*\\/\\*' units.
     *
     * Second paragraph: C:\\\\path stays as it is.
     */
    "size"?: number;
    "undocumented"?: string;
    /**
     * labels of the widget.
     */
    "labels"?: {
        [key: string]: string;
    };
}
/**
 * Widget is made up for this test.
 */
export declare class Widget extends Model<IWidget> implements IWidget {
    "size"?: number;
    constructor(data?: ModelData<IWidget>);
}
export type { IWidget as IIoK8sApiExampleV1Widget, Widget as IoK8sApiExampleV1Widget };
`;

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

describe('kubernetes-models package', () => {
  it('spells a component as the package does', () => {
    expect(componentWord('io.k8s.api.core.v1.PodSpec')).toBe('IoK8sApiCoreV1PodSpec');
    expect(componentWord('io.k8s.apiextensions-apiserver.pkg.apis.apiextensions.v1.JSONSchemaProps')).toBe('IoK8sApiextensionsApiserverPkgApisApiextensionsV1JSONSchemaProps');
  });

  it("reads the type's and each documented property's text, unescaping * and */, without JSDoc tags", () => {
    const docs = parseModelFile(WIDGET, 'IoK8sApiExampleV1Widget')!;
    expect(docs.type).toBe('Widget is made up for this test.');
    expect(docs.properties).toEqual(
      new Map([
        ['size', "size is how big, in '*' or '*/*' units.\n\nSecond paragraph: C:\\\\path stays as it is."],
        ['labels', 'labels of the widget.'],
      ]),
    );
  });

  it('matches a file only for the component it declares (kinds share names across groups)', () => {
    expect(parseModelFile(WIDGET, 'IoK8sApiOtherV1Widget')).toBeUndefined();
  });

  it('is found in node_modules of the project or an ancestor (hoisted), and is absent elsewhere', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'kubernetes-models-'));
    roots.push(root);
    const project = path.join(root, 'packages', 'operator');
    mkdirSync(project, { recursive: true });
    expect(findKubernetesModels(project)).toBeUndefined();

    const models = path.join(root, 'node_modules', 'kubernetes-models');
    mkdirSync(path.join(models, 'example', 'v1'), { recursive: true });
    writeFileSync(path.join(models, 'package.json'), '{"name":"kubernetes-models"}');
    writeFileSync(path.join(models, 'example', 'v1', 'Widget.d.ts'), WIDGET);
    const found = findKubernetesModels(project);
    expect(found?.descriptionsOf('io.k8s.api.example.v1.Widget')?.properties.get('labels')).toBe('labels of the widget.');
    expect(found?.descriptionsOf('io.k8s.api.other.v1.Widget')).toBeUndefined();
  });
});
