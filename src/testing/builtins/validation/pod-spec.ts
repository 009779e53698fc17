/**
 * A pod's spec as kube-apiserver validates it (ValidatePodSpec in pkg/apis/core/validation), for
 * Pods and the pod templates of workloads: volumes, containers (names, images, ports, environment
 * variables, volume mounts, pull policy, resources, probes, security context), the restart policy,
 * scheduling fields (pod-scheduling.ts) and the pod's security context.
 */
import { isPlainObject } from '../../model/object.js';
import { duplicate, forbidden, invalid, notFound, notSupported, required, type FieldCause } from '../../../kube/field-errors.js';
import { isDNS1123Label } from '../../../kube/dns-names.js';
import { annotationErrors, labelErrors } from '../../../kube/object-meta-rules.js';
import { isValidPortName, isValidPortNum } from '../../../kube/ports.js';
import { compareQuantities, formatQuantity, parseQuantity, type Quantity } from '../../../kube/quantity.js';
import { containerHandlerErrors } from './container-handlers.js';
import { podSchedulingErrors } from './pod-scheduling.js';
import { podSecurityContextErrors, securityContextErrors } from './security-context.js';

type Obj = Record<string, unknown>;

export const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];
const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const TERMINATION_MESSAGE_POLICIES = ['File', 'FallbackToLogsOnError'];
/** supportedPortProtocols, sorted as sets.List gives them. */
const PORT_PROTOCOLS = ['SCTP', 'TCP', 'UDP'];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): Obj[] => (Array.isArray(value) ? value.map((v) => (isPlainObject(v) ? v : {})) : []);

/** ValidateDNS1123Label: one Invalid error per broken rule. */
function dns1123Label(value: string, field: string): FieldCause[] {
  return isDNS1123Label(value).map((message) => invalid(field, value, message));
}

/** A volume's sources in the order validateVolumeSource checks them: the first set one counts, the others are refused. */
const VOLUME_SOURCES = [
  'emptyDir', 'hostPath', 'gitRepo', 'gcePersistentDisk', 'awsElasticBlockStore', 'secret', 'nfs', 'iscsi', 'glusterfs',
  'flocker', 'persistentVolumeClaim', 'rbd', 'flexVolume', 'cinder', 'cephfs', 'downwardAPI', 'fc', 'azureFile',
  'vsphereVolume', 'quobyte', 'azureDisk', 'photonPersistentDisk', 'portworxVolume', 'projected', 'scaleIO', 'storageos',
  'configMap', 'csi', 'ephemeral', 'image',
];

/** validateVolumeSource (its count only): exactly one source. */
function volumeSourceErrors(volume: Obj, path: string): FieldCause[] {
  const set = VOLUME_SOURCES.filter((source) => volume[source] !== undefined && volume[source] !== null);
  if (set.length === 0) return [required(path, 'must specify a volume type')];
  return set.slice(1).map((source) => forbidden(`${path}.${source}`, 'may not specify more than 1 volume type'));
}

/** ValidateVolumes (names and source count): the names of the volumes that are valid, which mounts may name. */
function volumeErrors(volumes: Obj[], path: string, errors: FieldCause[]): Set<string> {
  const names = new Set<string>();
  volumes.forEach((volume, i) => {
    const name = text(volume.name);
    const field = `${path}[${i}].name`;
    const own = name === '' ? [required(field, '')] : dns1123Label(name, field);
    own.push(...volumeSourceErrors(volume, `${path}[${i}]`));
    if (names.has(name)) own.push(duplicate(field, name));
    if (own.length === 0) names.add(name);
    errors.push(...own);
  });
  return names;
}

/** validateContainerPorts. */
function portErrors(ports: Obj[], path: string): FieldCause[] {
  const errors: FieldCause[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const at = `${path}[${i}]`;
    const name = text(port.name);
    if (name !== '') {
      const problems = isValidPortName(name);
      if (problems.length > 0) errors.push(...problems.map((m) => invalid(`${at}.name`, name, m)));
      else if (names.has(name)) errors.push(duplicate(`${at}.name`, name));
      else names.add(name);
    }
    if (!port.containerPort) errors.push(required(`${at}.containerPort`, ''));
    else errors.push(...isValidPortNum(Number(port.containerPort)).map((m) => invalid(`${at}.containerPort`, port.containerPort, m)));
    if (port.hostPort) errors.push(...isValidPortNum(Number(port.hostPort)).map((m) => invalid(`${at}.hostPort`, port.hostPort, m)));
    const protocol = text(port.protocol);
    if (protocol === '') errors.push(required(`${at}.protocol`, ''));
    else if (!PORT_PROTOCOLS.includes(protocol)) errors.push(notSupported(`${at}.protocol`, protocol, PORT_PROTOCOLS));
  });
  return errors;
}

/** IsRelaxedEnvVarName (GA in 1.34): printable ASCII but '='. */
const ENV_NAME_ERROR = "a valid environment variable name must consist only of printable ASCII characters other than '='";
const ENV_SOURCES = ['fieldRef', 'resourceFieldRef', 'configMapKeyRef', 'secretKeyRef'];

/** ValidateEnv: named variables, each with a value or a single source to take it from. */
function envErrors(env: Obj[], path: string): FieldCause[] {
  const errors: FieldCause[] = [];
  env.forEach((variable, i) => {
    const at = `${path}[${i}]`;
    const name = text(variable.name);
    if (name === '') errors.push(required(`${at}.name`, ''));
    else if (!/^[\x20-\x7e]*$/.test(name) || name.includes('=')) errors.push(invalid(`${at}.name`, name, ENV_NAME_ERROR));
    if (!isPlainObject(variable.valueFrom)) return;
    const sources = ENV_SOURCES.filter((key) => isPlainObject((variable.valueFrom as Obj)[key])).length;
    if (sources > 0 && text(variable.value) !== '') errors.push(invalid(`${at}.valueFrom`, '', 'may not be specified when `value` is not empty'));
    else if (sources > 1) errors.push(invalid(`${at}.valueFrom`, '', 'may not have more than one field specified at a time'));
  });
  return errors;
}

/** ValidateVolumeMounts: a mount names a declared (valid) volume, at a path of its own. */
function volumeMountErrors(mounts: Obj[], path: string, volumes: Set<string>): FieldCause[] {
  const errors: FieldCause[] = [];
  const paths = new Set<string>();
  mounts.forEach((mount, i) => {
    const at = `${path}[${i}]`;
    const name = text(mount.name);
    const mountPath = text(mount.mountPath);
    if (name === '') errors.push(required(`${at}.name`, ''));
    if (!volumes.has(name)) errors.push(notFound(`${at}.name`, name));
    if (mountPath === '') errors.push(required(`${at}.mountPath`, ''));
    if (paths.has(mountPath)) errors.push(invalid(`${at}.mountPath`, mountPath, 'must be unique'));
    paths.add(mountPath);
  });
  return errors;
}

/** helper.IsOvercommitAllowed: native resources (no domain, or a kubernetes.io one) but huge pages. */
function overcommitAllowed(resource: string): boolean {
  const native = !resource.includes('/') || resource.includes('kubernetes.io/');
  return native && !resource.startsWith('hugepages-');
}

function quantities(map: unknown): [string, Quantity][] {
  if (!isPlainObject(map)) return [];
  const out: [string, Quantity][] = [];
  for (const [name, value] of Object.entries(map)) {
    const q = parseQuantity(String(value));
    if (q) out.push([name, q]);
  }
  return out;
}

/** ValidateResourceRequirements: quantities not negative, requests within limits. */
function resourceErrors(resources: unknown, path: string): FieldCause[] {
  const spec = isPlainObject(resources) ? resources : {};
  const errors: FieldCause[] = [];
  const negative = (field: string, q: Quantity) => {
    if (q.digits < 0n) errors.push(invalid(field, formatQuantity(q), 'must be greater than or equal to 0'));
  };
  const limits = new Map(quantities(spec.limits));
  for (const [name, q] of limits) negative(`${path}.limits[${name}]`, q);
  for (const [name, q] of quantities(spec.requests)) {
    negative(`${path}.requests[${name}]`, q);
    const limit = limits.get(name);
    if (limit) {
      const order = compareQuantities(q, limit);
      if (order !== 0 && !overcommitAllowed(name)) {
        errors.push(invalid(`${path}.requests`, formatQuantity(q), `must be equal to ${name} limit of ${formatQuantity(limit)}`));
      } else if (order > 0) {
        errors.push(invalid(`${path}.requests`, formatQuantity(q), `must be less than or equal to ${name} limit of ${formatQuantity(limit)}`));
      }
    } else if (!overcommitAllowed(name)) {
      errors.push(required(`${path}.limits`, 'Limit must be set for non overcommitable resources'));
    }
  }
  return errors;
}

/** validateContainerCommon: what every kind of container must be. */
function containerErrors(container: Obj, path: string, volumes: Set<string>): FieldCause[] {
  const errors: FieldCause[] = [];
  const name = text(container.name);
  if (name === '') errors.push(required(`${path}.name`, ''));
  else errors.push(...dns1123Label(name, `${path}.name`));
  if (!container.image) errors.push(required(`${path}.image`, ''));
  const termination = text(container.terminationMessagePolicy);
  if (termination === '') errors.push(required(`${path}.terminationMessagePolicy`, ''));
  else if (!TERMINATION_MESSAGE_POLICIES.includes(termination)) errors.push(notSupported(`${path}.terminationMessagePolicy`, termination, TERMINATION_MESSAGE_POLICIES));
  errors.push(...portErrors(list(container.ports), `${path}.ports`));
  errors.push(...envErrors(list(container.env), `${path}.env`));
  errors.push(...volumeMountErrors(list(container.volumeMounts), `${path}.volumeMounts`, volumes));
  const pull = text(container.imagePullPolicy);
  if (pull === '') errors.push(required(`${path}.imagePullPolicy`, ''));
  else if (!PULL_POLICIES.includes(pull)) errors.push(notSupported(`${path}.imagePullPolicy`, pull, PULL_POLICIES));
  errors.push(...resourceErrors(container.resources, `${path}.resources`));
  errors.push(...containerHandlerErrors(container, path));
  errors.push(...securityContextErrors(container.securityContext, `${path}.securityContext`));
  return errors;
}

export function podSpecErrors(spec: unknown, path: string): FieldCause[] {
  if (!isPlainObject(spec)) return [required(path, '')];
  const errors: FieldCause[] = [];
  const volumes = volumeErrors(list(spec.volumes), `${path}.volumes`, errors);
  const containers = list(spec.containers);
  const names = new Set<string>();
  if (containers.length === 0) {
    errors.push(required(`${path}.containers`, ''));
  } else {
    // Names are unique among regular containers; a clash with an init container is reported there.
    containers.forEach((container, i) => {
      const at = `${path}.containers[${i}]`;
      errors.push(...containerErrors(container, at, volumes));
      const name = text(container.name);
      if (names.has(name)) errors.push(duplicate(`${at}.name`, name));
      else names.add(name);
    });
  }
  list(spec.initContainers).forEach((container, i) => {
    const at = `${path}.initContainers[${i}]`;
    errors.push(...containerErrors(container, at, volumes));
    const name = text(container.name);
    if (names.has(name)) errors.push(duplicate(`${at}.name`, name));
    else if (name !== '') names.add(name);
  });
  const restart = text(spec.restartPolicy);
  if (restart === '') errors.push(required(`${path}.restartPolicy`, ''));
  else if (!RESTART_POLICIES.includes(restart)) errors.push(notSupported(`${path}.restartPolicy`, restart, RESTART_POLICIES));
  errors.push(...podSchedulingErrors(spec, path));
  errors.push(...podSecurityContextErrors(spec.securityContext, `${path}.securityContext`));
  return errors;
}

/**
 * The metadata of a pod template (ValidatePodTemplateSpec; the internal type embeds ObjectMeta,
 * so the fields are `<template>.labels` and `<template>.annotations`).
 */
export function podTemplateMetadataErrors(template: Obj, path: string): FieldCause[] {
  const meta = isPlainObject(template.metadata) ? template.metadata : {};
  return [
    ...labelErrors(isPlainObject(meta.labels) ? meta.labels : {}, `${path}.labels`),
    ...annotationErrors(isPlainObject(meta.annotations) ? meta.annotations : {}, `${path}.annotations`),
  ];
}

/** ValidatePodTemplateSpec: the template's labels and annotations, then its pod spec. */
export function podTemplateErrors(template: Obj, path: string): FieldCause[] {
  return [...podTemplateMetadataErrors(template, path), ...podSpecErrors(template.spec, `${path}.spec`)];
}
