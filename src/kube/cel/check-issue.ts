/** A problem the static check finds in a rule, where it is (keyword-selection.ts and checker.ts both report them). */
export interface CheckIssue {
  readonly message: string;
  /** Offset in the checked source. */
  readonly offset: number;
}
