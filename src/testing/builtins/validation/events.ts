/**
 * ValidateEventCreate and ValidateEventUpdate for core/v1 and events.k8s.io/v1 Events: every Event
 * passes the legacy rules (an Event without eventTime names its namespace's objects; one with it
 * names its reporter, action and reason, within their lengths); an events.k8s.io/v1 create also
 * needs an eventTime and a type and leaves the deprecated fields unset. Errors name the core
 * fields (`involvedObject.namespace`, `message`) through either API, as kube-apiserver's do.
 */
import { invalid, required, type FieldCause } from '../../../kube/field-errors.js';
import { isDNS1123Subdomain, isQualifiedName } from '../../../kube/dns-names.js';
import { isPlainObject, type KubeObject } from '../../model/object.js';

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const bytes = (s: string): number => Buffer.byteLength(s);
const set = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

export function eventErrors(obj: KubeObject, old: KubeObject | undefined): FieldCause[] {
  const v1 = obj.apiVersion === 'events.k8s.io/v1';
  const field = (core: string, events: string) => (v1 ? obj[events] : obj[core]);
  const namespace = str(obj.metadata?.namespace);
  const involved = field('involvedObject', 'regarding');
  const involvedNamespace = str(isPlainObject(involved) ? involved.namespace : undefined);
  const errors: FieldCause[] = [];
  const namespaceMismatch = () => invalid('involvedObject.namespace', involvedNamespace, 'does not match event.namespace');
  if (!set(obj.eventTime)) {
    if (involvedNamespace === '' ? namespace !== '' && namespace !== 'default' : namespace !== involvedNamespace) errors.push(namespaceMismatch());
  } else {
    if (involvedNamespace === '' && namespace !== 'default' && namespace !== 'kube-system') errors.push(namespaceMismatch());
    const controllerField = v1 ? 'reportingController' : 'reportingComponent';
    const controller = str(field('reportingComponent', 'reportingController'));
    if (controller === '') errors.push(required(controllerField, ''));
    errors.push(...isQualifiedName(controller).map((m) => invalid(controllerField, controller, m)));
    const limited = (name: string, value: string, limit: number, mandatory: boolean) => {
      if (mandatory && value === '') errors.push(required(name, ''));
      if (bytes(value) > limit) errors.push(invalid(name, '', `can have at most ${limit} characters`));
    };
    limited('reportingInstance', str(obj.reportingInstance), 128, true);
    limited('action', str(obj.action), 128, true);
    limited('reason', str(obj.reason), 128, true);
    limited('message', str(field('message', 'note')), 1024, false);
  }
  errors.push(...isDNS1123Subdomain(namespace).map((m) => invalid('namespace', namespace, m)));
  if (v1 && !old) {
    if (!set(obj.eventTime)) errors.push(required('eventTime', ''));
    const type = str(obj.type);
    if (type !== 'Normal' && type !== 'Warning') errors.push(invalid('type', '', `has invalid value: ${type}`));
    if (set(obj.deprecatedFirstTimestamp)) errors.push(invalid('deprecatedFirstTimestamp', '', 'needs to be unset'));
    if (set(obj.deprecatedLastTimestamp)) errors.push(invalid('deprecatedLastTimestamp', '', 'needs to be unset'));
    if (typeof obj.deprecatedCount === 'number' && obj.deprecatedCount !== 0) errors.push(invalid('deprecatedCount', '', 'needs to be unset'));
    const source = obj.deprecatedSource;
    if (isPlainObject(source) && (set(source.component) || set(source.host))) errors.push(invalid('deprecatedSource', '', 'needs to be unset'));
  }
  return errors;
}
