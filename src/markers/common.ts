/**
 * Markers that are legitimate in kubebuilder projects but that no generator here turns into YAML
 * (deepcopy and apply-configuration generation have no TypeScript counterpart; the conversion hub is
 * the runtime's business). Defining them keeps them out of the unknown-marker report.
 */
import type { MarkerRegistry } from './registry.js';

export function defineCommonMarkers(registry: MarkerRegistry): void {
  registry.defineFor(['package', 'type'], {
    name: 'kubebuilder:object:generate',
    value: { type: 'bool' },
    help: 'Go deepcopy generation; accepted and ignored.',
  });
  registry.defineFor(['package', 'type'], {
    name: 'kubebuilder:ac:generate',
    value: { type: 'bool' },
    help: 'Go apply-configuration generation; accepted and ignored.',
  });
  // the hub of a multi-version kind (architecture.md); the runtime's withConversion does the work
  registry.define({ name: 'kubebuilder:conversion:hub', target: 'type', help: 'marks the hub version of a kind with conversion' });
  registry.define({ name: 'kubebuilder:ac:output:package', target: 'package', value: { type: 'string' }, help: 'accepted and ignored' });
  registry.define({ name: 'k8s:deepcopy-gen', target: 'package', value: { type: 'raw' }, help: 'Go deepcopy generation; accepted and ignored.' });
  registry.define({ name: 'k8s:deepcopy-gen', target: 'type', value: { type: 'raw' }, help: 'Go deepcopy generation; accepted and ignored.' });
  registry.define({ name: 'k8s:deepcopy-gen:interfaces', target: 'type', value: { type: 'raw' }, help: 'Go deepcopy generation; accepted and ignored.' });
  registry.define({ name: 'k8s:openapi-gen', target: 'package', value: { type: 'raw' }, help: 'accepted and ignored' });
  registry.define({ name: 'k8s:openapi-gen', target: 'type', value: { type: 'raw' }, help: 'accepted and ignored' });
}
