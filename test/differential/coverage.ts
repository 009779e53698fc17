/** What a set of generated models exercises: how many times each type feature and marker family occurs. */
import { type ApiModel, type TypeRef } from './model.js';

/** Marker families, by the text of the markers of each place. */
const FIELD_FAMILIES: [string, RegExp][] = [
  ['field validation', /^\+kubebuilder:validation:(Minimum|Maximum|ExclusiveMinimum|ExclusiveMaximum|MultipleOf|MinLength|MaxLength|Pattern|Format|Enum|MinItems|MaxItems|MinProperties|MaxProperties)=/],
  ['items: validation', /^\+kubebuilder:validation:items:/],
  ['defaults (+kubebuilder:default)', /^\+kubebuilder:default=/],
  ['defaults (+default)', /^\+default=/],
  ['listType', /^\+listType=/],
  ['listMapKey', /^\+listMapKey=/],
  ['mapType', /^\+mapType=/],
  ['structType', /^\+structType=/],
  ['optional/required', /^\+(optional|required|k8s:optional|k8s:required|kubebuilder:validation:(Optional|Required))$/],
  ['nullable', /^\+nullable$/],
  ['title, example, externalDocs', /^\+kubebuilder:(title|example|externalDocs)/],
  ['PreserveUnknownFields', /^\+kubebuilder:pruning:PreserveUnknownFields$/],
  ['Schemaless', /^\+kubebuilder:validation:Schemaless$/],
  ['validation:Type', /^\+kubebuilder:validation:Type=/],
  ['EmbeddedResource', /^\+kubebuilder:validation:EmbeddedResource$/],
  ['items: XValidation', /^\+kubebuilder:validation:items:XValidation:/],
];
const TYPE_FAMILIES: [string, RegExp][] = [
  ['type validation', /^\+kubebuilder:validation:(MaxLength|Pattern|Enum|MinProperties)=/],
  ['type validation of numbers', /^\+kubebuilder:validation:(Minimum|Maximum|ExclusiveMaximum)=/],
  ['type validation of lists (MaxItems, items:)', /^\+kubebuilder:validation:(MaxItems=|items:)/],
  ['type listType', /^\+listType=/],
  ['k8s:enum', /^\+k8s:enum$/],
  ['oneOf', /^\+kubebuilder:validation:(AtMostOneOf|ExactlyOneOf|AtLeastOneOf)=/],
];
const RULE_FAMILIES: [string, RegExp][] = [
  ['XValidation naming fields', /XValidation:rule="[^"]*self\.\w/],
  ['XValidation transition (oldSelf)', /XValidation:rule="[^"]*oldSelf\./],
  ['XValidation on a reserved word (namespace)', /XValidation:rule="[^"]*self\.(__)?namespace/],
  ['XValidation optionalOldSelf', /XValidation:rule=.*,optionalOldSelf=true/],
];
const KIND_FAMILIES: [string, RegExp][] = [
  ['resource', /^\+kubebuilder:resource:/],
  ['subresource:status', /^\+kubebuilder:subresource:status$/],
  ['subresource:scale', /^\+kubebuilder:subresource:scale:/],
  ['printcolumn', /^\+kubebuilder:printcolumn:/],
  ['storageversion', /^\+kubebuilder:storageversion$/],
  ['deprecatedversion', /^\+kubebuilder:deprecatedversion/],
  ['unservedversion', /^\+kubebuilder:unservedversion$/],
  ['skipversion', /^\+kubebuilder:skipversion$/],
  ['resource path', /^\+kubebuilder:resource:.*path=/],
  ['printcolumn format', /^\+kubebuilder:printcolumn:.*,format=/],
  ['metadata:annotations', /^\+kubebuilder:metadata:annotations=/],
  ['selectablefield', /^\+kubebuilder:selectablefield:/],
  ['metadata', /^\+kubebuilder:metadata:/],
];

const PACKAGE_FAMILIES: [string, RegExp][] = [
  ['package: +kubebuilder:validation:Optional', /^\+kubebuilder:validation:Optional$/],
  ['package: +kubebuilder:validation:Required', /^\+kubebuilder:validation:Required$/],
  ['package: +versionName', /^\+versionName=/],
];

function typeFeatures(t: TypeRef, into: (feature: string) => void): void {
  into(`type: ${t.t === 'builtin' ? `built-in ${t.name}` : t.t}`);
  if (t.t === 'list' || t.t === 'map') typeFeatures(t.of, into);
}

export function coverage(models: readonly ApiModel[]): Map<string, number> {
  const counts = new Map<string, number>();
  const add = (feature: string) => counts.set(feature, (counts.get(feature) ?? 0) + 1);
  const match = (families: [string, RegExp][], markers: readonly string[]) => {
    for (const m of markers) for (const [name, re] of families) if (re.test(m)) add(name);
  };
  for (const model of models) {
    if (model.versions.length > 1) add('several versions');
    for (const v of model.versions) {
      add('package: +groupName');
      match(PACKAGE_FAMILIES, v.packageMarkers);
      for (const k of v.kinds) {
        add('kind');
        match(KIND_FAMILIES, k.markers);
        match(RULE_FAMILIES, k.markers);
      }
      for (const a of v.aliases) {
        add(`named type of ${a.of}`);
        match(TYPE_FAMILIES, a.markers);
      }
      for (const s of v.structs) {
        match(TYPE_FAMILIES, s.markers);
        match(RULE_FAMILIES, s.markers);
        for (const e of s.embeds) add(e.startsWith('builtin:') ? 'embedded built-in type' : 'embedded struct');
        for (const f of s.fields) {
          typeFeatures(f.type, add);
          if (f.pointer) add('pointer');
          if (f.optional) add('optional (omitempty)');
          match(FIELD_FAMILIES, f.markers);
          if (f.markers.filter((m) => m.startsWith('+listMapKey=')).length > 1) add('listMapKey (two keys)');
          match(RULE_FAMILIES, f.markers);
        }
      }
    }
  }
  return counts;
}

/** The families and features every CI run must exercise (test/differential/differential.test.ts). */
export const REQUIRED_COVERAGE = [
  ...[...FIELD_FAMILIES, ...TYPE_FAMILIES, ...RULE_FAMILIES, ...KIND_FAMILIES, ...PACKAGE_FAMILIES].map(([name]) => name),
  'several versions', 'package: +groupName', 'kind', 'named type of string', 'named type of int32', 'named type of list', 'listMapKey (two keys)', 'embedded struct', 'embedded built-in type',
  'pointer', 'optional (omitempty)', 'type: struct', 'type: list', 'type: map', 'type: alias', 'type: scalar', 'type: built-in PodTemplateSpec',
];
