/**
 * A kind declared as a type alias of another version's kind, as Gateway API declares v1beta1's
 * `type GatewayClass v1.GatewayClass`: controller-gen writes that version from the target's
 * fields with the alias's own markers and doc. An alias marked as a root type whose target is
 * not a kind is refused at the alias.
 */
import { describe, expect, it } from 'vitest';
import { generateFrom } from './api-sandbox.js';

const v1 = `import type { ObjectMeta } from 'kubescaffolder/runtime';

export interface GatewayClassSpec {
  /** ControllerName is the name of the controller that manages Gateways of this class. */
  controllerName: string;
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status
// +kubebuilder:storageversion

/** GatewayClass describes a class of Gateways (v1). */
export interface GatewayClass {
  apiVersion?: string;
  kind?: string;
  metadata?: ObjectMeta;
  spec: GatewayClassSpec;
  status?: { accepted?: boolean };
}

// +kubebuilder:object:root=true

/** GatewayClassList contains a list of GatewayClass. */
export interface GatewayClassList {
  apiVersion?: string;
  kind?: string;
  items: GatewayClass[];
}
`;

const v1beta1 = `import type * as v1 from '../v1/gatewayclass_types.js';

// +kubebuilder:object:root=true
// +kubebuilder:resource:shortName=gc
// +kubebuilder:printcolumn:name="Controller",type=string,JSONPath=\`.spec.controllerName\`

/** GatewayClass describes a class of Gateways (v1beta1). */
export type GatewayClass = v1.GatewayClass;

// +kubebuilder:object:root=true

/** GatewayClassList contains a list of GatewayClass. */
export type GatewayClassList = v1.GatewayClassList;
`;

const group = (version: string) => `// +groupName=gateway.example.com\nexport const GroupVersion = { group: 'gateway.example.com', version: '${version}' };\n`;

describe('a kind declared as a type alias of another version\'s kind', () => {
  it('is a version of the CRD: the target\'s fields, the alias\'s doc and markers', () => {
    const r = generateFrom({
      'api/v1/groupversion_info.ts': group('v1'),
      'api/v1/gatewayclass_types.ts': v1,
      'api/v1beta1/groupversion_info.ts': group('v1beta1'),
      'api/v1beta1/gatewayclass_types.ts': v1beta1,
    });
    expect(r.errors).toEqual([]);
    expect(r.crds).toHaveLength(1);
    const crd = r.crds[0];
    expect(crd.spec.names.shortNames).toEqual(['gc']);
    const [ga, beta] = crd.spec.versions;
    expect(ga.name).toBe('v1');
    expect(beta.name).toBe('v1beta1');
    expect(ga.storage).toBe(true);
    expect(beta.storage).toBe(false);
    expect(ga.subresources).toEqual({ status: {} });
    expect(beta.subresources?.status).toBeUndefined();
    expect(beta.additionalPrinterColumns).toEqual([{ jsonPath: '.spec.controllerName', name: 'Controller', type: 'string' }]);
    const { description: gaDoc, ...gaRest } = ga.schema!.openAPIV3Schema;
    const { description: betaDoc, ...betaRest } = beta.schema!.openAPIV3Schema;
    expect(gaDoc).toBe('GatewayClass describes a class of Gateways (v1).');
    expect(betaDoc).toBe('GatewayClass describes a class of Gateways (v1beta1).');
    expect(betaRest).toEqual(gaRest);
    expect(betaRest.required).toEqual(['spec']);
  });

  it('refuses a root alias of something that is not a kind, at the alias', () => {
    const r = generateFrom({
      'api/v1/groupversion_info.ts': group('v1'),
      'api/v1/widget_types.ts': `export interface WidgetSpec { size?: string }

// +kubebuilder:object:root=true

/** Widget is not a kind: WidgetSpec has no metadata. */
export type Widget = WidgetSpec;
`,
    });
    expect(r.errors).toEqual([
      'api/v1/widget_types.ts:6: +kubebuilder:object:root type Widget is an alias of WidgetSpec, which is not a kind declared in the API packages read: alias an interface with metadata: ObjectMeta',
    ]);
    expect(r.crds).toEqual([]);
  });
});
