/**
 * ValidateService's rules on what a Service is (ports, names, protocols, type), through the real
 * client, and the Services kube-apiserver accepts still accepted.
 */
import * as k8s from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEnv, type TestEnvironment } from '../support/environment.js';
import { invalidStatus, type InvalidStatus } from './support.js';

let env: TestEnvironment;
let core: k8s.CoreV1Api;
const namespace = 'default';

beforeAll(async () => {
  env = await startEnv();
  core = env.kubeConfig.makeApiClient(k8s.CoreV1Api);
});
afterAll(() => env.stop());

function invalid(call: Promise<unknown>): Promise<InvalidStatus> {
  return invalidStatus(call);
}

const service = (name: string, spec: k8s.V1ServiceSpec): k8s.V1Service => ({ metadata: { name }, spec });

describe('Service validation', () => {
  it('requires ports, but of headless and ExternalName Services', async () => {
    expect(await invalid(core.createNamespacedService({ namespace, body: service('noports', { selector: { app: 'a' } }) }))).toEqual({
      message: 'Service "noports" is invalid: spec.ports: Required value',
      causes: [{ field: 'spec.ports', reason: 'FieldValueRequired' }],
    });
    const headless = await core.createNamespacedService({ namespace, body: service('headless', { clusterIP: 'None', selector: { app: 'a' } }) });
    expect(headless.spec?.clusterIP).toBe('None');
    const external = await core.createNamespacedService({ namespace, body: service('external', { type: 'ExternalName', externalName: 'db.example.com.' }) });
    expect(external.spec?.externalName).toBe('db.example.com.');
  });

  it('requires a name on each of several ports, unique and a DNS-1123 label', async () => {
    const body = service('names', { ports: [{ port: 80 }, { name: 'web', port: 81 }, { name: 'web', port: 82 }, { name: 'Web', port: 83 }] });
    expect(await invalid(core.createNamespacedService({ namespace, body }))).toEqual({
      message: "Service \"names\" is invalid: [spec.ports[0].name: Required value, spec.ports[2].name: Duplicate value: \"web\", spec.ports[3].name: Invalid value: \"Web\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')]",
      causes: [
        { field: 'spec.ports[0].name', reason: 'FieldValueRequired' },
        { field: 'spec.ports[2].name', reason: 'FieldValueDuplicate' },
        { field: 'spec.ports[3].name', reason: 'FieldValueInvalid' },
      ],
    });
    const single = await core.createNamespacedService({ namespace, body: service('single', { ports: [{ port: 80 }] }) });
    expect(single.spec?.ports?.[0]).toMatchObject({ port: 80, protocol: 'TCP', targetPort: 80 });
  });

  it('refuses ports out of range, unknown protocols, bad target port names and a (protocol, port) pair twice', async () => {
    const body = service('ports', { ports: [{ name: 'a', port: 70000 }, { name: 'b', port: 53, protocol: 'ICMP' }, { name: 'c', port: 8080, targetPort: 'HTTP' }, { name: 'd', port: 8080 }] });
    expect(await invalid(core.createNamespacedService({ namespace, body }))).toEqual({
      message: 'Service "ports" is invalid: [spec.ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.ports[0].targetPort: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.ports[1].protocol: Unsupported value: "ICMP": supported values: "SCTP", "TCP", "UDP", spec.ports[2].targetPort: Invalid value: "HTTP": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-), spec.ports[2].targetPort: Invalid value: "HTTP": must contain at least one letter (a-z), spec.ports[3]: Duplicate value: {"Name":"","Protocol":"TCP","AppProtocol":null,"Port":8080,"TargetPort":0,"NodePort":0}]',
      causes: [
        { field: 'spec.ports[0].port', reason: 'FieldValueInvalid' },
        { field: 'spec.ports[0].targetPort', reason: 'FieldValueInvalid' },
        { field: 'spec.ports[1].protocol', reason: 'FieldValueNotSupported' },
        { field: 'spec.ports[2].targetPort', reason: 'FieldValueInvalid' },
        { field: 'spec.ports[2].targetPort', reason: 'FieldValueInvalid' },
        { field: 'spec.ports[3]', reason: 'FieldValueDuplicate' },
      ],
    });
    const sameNumber = await core.createNamespacedService({ namespace, body: service('dns', { ports: [{ name: 'dns', port: 53, protocol: 'UDP' }, { name: 'dns-tcp', port: 53, protocol: 'TCP', targetPort: 'dns-tcp' }] }) });
    expect(sameNumber.spec?.ports?.map((p) => p.protocol)).toEqual(['UDP', 'TCP']);
  });

  it('refuses a name that is not a DNS-1035 label (ValidateServiceName), which other kinds accept', async () => {
    expect(await invalid(core.createNamespacedService({ namespace, body: service('1st', { ports: [{ port: 80 }] }) }))).toEqual({
      message: "Service \"1st\" is invalid: metadata.name: Invalid value: \"1st\": a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
      causes: [{ field: 'metadata.name', reason: 'FieldValueInvalid' }],
    });
    const configMap = await core.createNamespacedConfigMap({ namespace, body: { metadata: { name: '1st.config' } } });
    expect(configMap.metadata?.name).toBe('1st.config');
  });

  it('refuses an unknown type, a node port on a ClusterIP Service and a headless NodePort Service', async () => {
    expect((await invalid(core.createNamespacedService({ namespace, body: service('kind', { type: 'Internal', ports: [{ port: 80 }] }) }))).message).toBe(
      'Service "kind" is invalid: spec.type: Unsupported value: "Internal": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"',
    );
    expect((await invalid(core.createNamespacedService({ namespace, body: service('nodeport', { ports: [{ port: 80, nodePort: 30080 }] }) }))).message).toBe(
      "Service \"nodeport\" is invalid: spec.ports[0].nodePort: Forbidden: may not be used when `type` is 'ClusterIP'",
    );
    expect((await invalid(core.createNamespacedService({ namespace, body: service('headless-np', { type: 'NodePort', clusterIP: 'None', ports: [{ port: 80 }] }) }))).message).toBe(
      "Service \"headless-np\" is invalid: spec.clusterIPs[0]: Invalid value: \"None\": may not be set to 'None' for NodePort services",
    );
  });
});
