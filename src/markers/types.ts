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

/** What the parser (grammar.ts) makes of an argument of type T: `any` stays the union, it is guessed from the text. */
export type ArgValue<T extends ArgType> = T extends 'int' | 'number'
  ? number
  : T extends 'string' | 'raw'
    ? string
    : T extends 'bool'
      ? boolean
      : T extends { readonly slice: infer I extends ArgType }
        ? ArgValue<I>[]
        : T extends { readonly map: infer I extends ArgType }
          ? { [key: string]: ArgValue<I> }
          : MarkerValue;

type OptionalKeys<A> = { [K in keyof A]: A[K] extends { readonly optional: true } ? K : never }[keyof A];
type RequiredKeys<A> = Exclude<keyof A, OptionalKeys<A>>;

/** One object type (as editors show it) for an intersection. */
type Flat<T> = { [K in keyof T]: T[K] } & {};

/** Named arguments: optional ones absent when not written. */
type ArgsValue<A extends Readonly<Record<string, ArgSpec>>> = Flat<
  { -readonly [K in RequiredKeys<A>]: ArgValue<A[K]['type']> } & { -readonly [K in OptionalKeys<A>]?: ArgValue<A[K]['type']> }
>;

/** A definition as far as its value goes: its name, and its arguments or its one value (target and help aside). */
export type MarkerShape = Pick<MarkerDefinition, 'name' | 'args' | 'value'>;

/**
 * The value the parser gives a marker of definition D (declared `as const` or `satisfies`, so that its
 * argument types are literal): an anonymous value its type (`true` when optional and written bare), named
 * arguments an object, an empty marker `true`.
 */
export type MarkerValueOf<D extends MarkerShape> = D extends { readonly value: infer S extends ArgSpec }
  ? S extends { readonly optional: true }
    ? ArgValue<S['type']> | true
    : ArgValue<S['type']>
  : D extends { readonly args: infer A extends Readonly<Record<string, ArgSpec>> }
    ? [keyof A] extends [never]
      ? true
      : ArgsValue<A>
    : true;

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

/** A marker found for definition D, its value typed from D. */
export interface TypedMarkedValue<D extends MarkerShape> extends MarkedValue {
  readonly value: MarkerValueOf<D>;
}
