/**
 * What an API object is on the wire, typed. @kubernetes/client-node's models type timestamps as
 * `Date`, but objects reach a controller as parsed JSON, where a timestamp is an RFC 3339 string;
 * `Wire<T>` is `T` with every `Date` replaced by `string`, so that the compiler believes what arrives.
 */
export type Wire<T> = T extends Date
  ? string
  : T extends readonly (infer E)[]
    ? Wire<E>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;
