/**
 * The parts of @bufbuild/cel's (protobuf) parsed Expr that the checker, the cost estimate and the parse
 * limits read: one view over every kind's fields, each kind setting its own (a selectExpr its operand,
 * field and testOnly; a callExpr its function, target and args; ...). `value` is absent only when `case`
 * is undefined, which no walk reads.
 */
export interface Expr {
  id: bigint;
  exprKind: { case: string | undefined; value: ExprFields };
}

export interface ExprFields {
  /** constExpr */
  constantKind: { case: string | undefined; value?: unknown };
  /** identExpr */
  name: string;
  /** selectExpr */
  operand: Expr;
  field: string;
  testOnly: boolean;
  /** callExpr */
  function: string;
  target?: Expr;
  args: Expr[];
  /** listExpr */
  elements: Expr[];
  /** structExpr */
  messageName: string;
  entries: StructEntry[];
  /** comprehensionExpr */
  iterRange: Expr;
  iterVar: string;
  iterVar2: string;
  accuVar: string;
  accuInit: Expr;
  loopCondition: Expr;
  loopStep: Expr;
  result: Expr;
}

/** A map or message literal's entry: a map key expression or a field name, and the value. */
export interface StructEntry {
  keyKind: { case: 'mapKey'; value: Expr } | { case: 'fieldKey'; value: string } | { case: undefined; value?: undefined };
  value: Expr;
}
