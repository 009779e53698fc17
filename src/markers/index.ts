/**
 * The marker engine: grammar, registry, collector, diagnostics.
 *
 * How to use (for generators):
 *
 *   import { MarkerRegistry, collectMarkers } from './index.js';
 *
 *   const registry = new MarkerRegistry();
 *   registry.define({ name: 'kubebuilder:validation:Maximum', target: 'field', value: { type: 'number' } });
 *   registry.define({ name: 'kubebuilder:printcolumn', target: 'type', args: {
 *     name: { type: 'string' }, type: { type: 'string' }, JSONPath: { type: 'string' },
 *     priority: { type: 'int', optional: true } } });
 *   registry.define({ name: 'kubebuilder:subresource:status', target: 'type' });          // empty: value `true`
 *   registry.define({ name: 'kubebuilder:default', target: 'field', value: { type: 'any' } }); // default/example/title
 *   // slices and maps: { type: { slice: 'string' } }, { type: { map: 'string' } }
 *
 *   const markers = collectMarkers(project.getSourceFiles(), registry);   // unknown markers are warnings
 *   markers.forNode(interfaceDecl).get('kubebuilder:printcolumn')?.value   // { name: 'Age', type: 'date', ... }
 *   markers.forNode(propertySignature).getAll('kubebuilder:validation:XValidation')
 *   markers.forPackage('/abs/api/v1').get('groupName')?.value              // 'batch.my.domain'
 *   markers.diagnostics                                                   // unknown markers, malformed arguments
 *
 * Typed reads: declare a definition `as const satisfies MarkerDefinition` and read by it, not by name:
 * `markers.forNode(decl).first(printcolumn)?.value` is `{ name: string; priority?: number; ... }`
 * (MarkerValueOf<typeof printcolumn>); also `.of(def)`, `markers.values(def)`, and markersOf / firstMarkerOf
 * over any MarkedValue list.
 *
 * Each MarkedValue is { name, value, target, location: { file, line, column }, text }. Values: an anonymous
 * marker gives its value; a named-argument marker gives an object keyed by argument name (optional ones
 * absent when not written); an empty marker (or an optional anonymous one written bare) gives `true`.
 * Ints and floats are JS numbers. Targets: interfaces, type aliases, classes and enums are 'type';
 * property signatures/declarations and enum members (at any depth inside them) are 'field'.
 *
 * Descriptions: extractDescription(node) (description.ts) lives here, because it reads the same comment
 * groups; it applies controller-gen's rules (markers removed, TODO lines and text after `---` dropped).
 * CEL: checkCelRule(markedValue) (cel.ts) lives here; the CRD generator calls it for each XValidation
 * marker it uses and reports the Diagnostic it returns.
 * Generators report their own problems as Diagnostic and may throw DiagnosticError.
 * Watch mode: markers.update(sourceFile) re-collects one file, markers.remove(fileName) forgets one.
 * Attachment (collector.ts): the doc group and the group above it belong to a declaration; package
 * markers (+groupName, +kubebuilder:rbac, ...) also count when written above a type or a class method.
 * defineCommonMarkers(registry) adds markers no generator consumes (object:generate, conversion:hub, ...).
 */
export type { ArgSpec, ArgType, ArgValue, MarkedValue, MarkerDefinition, MarkerShape, MarkerTarget, MarkerValue, MarkerValueOf, SourceLocation, TypedMarkedValue } from './types.js';
export { type DefinitionRef, firstMarkerOf, isMarkerOf, markersOf } from './typed-values.js';
export { type Diagnostic, DiagnosticError, formatDiagnostic, hasErrors } from './diagnostic.js';
export { MarkerRegistry } from './registry.js';
export { parseMarker, splitMarker } from './grammar.js';
export { MarkerSyntaxError } from './scanner.js';
export { type FileMarkers, MarkerCollection, MarkerValues, collectFileMarkers, collectMarkers } from './collector.js';
export { extractDescription, formatDescription } from './description.js';
export { celSyntaxProblem, checkCelRule, ruleColumn } from './cel.js';
export { defineCommonMarkers } from './common.js';
export { nearestMarkerName } from './suggest.js';
export { checkModifierRuns, MAX_MODIFIER_RUN, MAX_NESTING, MAX_SYNTAX_NESTING, modifierRunError, nestingProblem, parserOverflowError, tooDeepToParse } from './nesting.js';
