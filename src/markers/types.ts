/** What a marker can describe: the API package (a folder), a type declaration, or a field. */
export type MarkerTarget = 'package' | 'type' | 'field';

/**
 * The type of one marker argument, as controller-gen's argument types:
 * `any` is guessed from the text (default/example/title), `raw` takes the rest of the marker verbatim.
 */
export type ArgType =
  | 'int'
  | 'number'
  | 'string'
  | 'bool'
  | 'any'
  | 'raw'
  | { readonly slice: ArgType }
  | { readonly map: ArgType };

export interface ArgSpec {
  readonly type: ArgType;
  /** Optional arguments may be left out; all others are required (controller-gen definitions are strict). */
  readonly optional?: boolean;
}

/**
 * A marker definition. Exactly one of the shapes:
 * - no `args` and no `value`: an empty marker (`+kubebuilder:subresource:status`), value `true`;
 * - `value`: one anonymous value (`+kubebuilder:validation:Maximum=10`, `+kubebuilder:default:=x`);
 * - `args`: named arguments (`+kubebuilder:printcolumn:name="Age",type=date`), value is an object keyed by argument name.
 */
export interface MarkerDefinition {
  /** Without the leading `+`, e.g. `kubebuilder:validation:Maximum`. */
  readonly name: string;
  readonly target: MarkerTarget;
  readonly args?: Readonly<Record<string, ArgSpec>>;
  readonly value?: ArgSpec;
  /** One line of help, shown in diagnostics and documentation. */
  readonly help?: string;
}

/** A parsed argument value. Ints and floats are both numbers. */
export type MarkerValue = string | number | boolean | MarkerValue[] | { [key: string]: MarkerValue };

/** 1-based line and column, as editors show them. */
export interface SourceLocation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** One marker found in the sources and parsed against its definition. */
export interface MarkedValue {
  /** The definition's name (`kubebuilder:rbac`), not the text's (`kubebuilder:rbac:groups`). */
  readonly name: string;
  readonly value: MarkerValue;
  readonly target: MarkerTarget;
  /** Where the `+` stands. */
  readonly location: SourceLocation;
  /** The marker text after the `+`, trimmed. */
  readonly text: string;
}

/**
 * The text of a `string` or `raw` argument: the grammar parses those into strings, so for them this only
 * narrows the type; a missing optional argument is ''.
 */
export function markerText(value: MarkerValue | undefined): string {
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
