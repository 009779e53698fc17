// The package's root entry: the generators, for programs that drive them without the CLI.
export {};
