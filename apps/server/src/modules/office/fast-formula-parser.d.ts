declare module 'fast-formula-parser' {
  interface CellRef {
    sheet?: string;
    row: number;
    col: number;
  }
  interface RangeRef {
    sheet?: string;
    from: { row: number; col: number };
    to: { row: number; col: number };
  }
  interface Position {
    row: number;
    col: number;
    sheet: string;
  }
  interface ParserConfig {
    onCell?: (ref: { sheet: string; row: number; col: number }) => unknown;
    onRange?: (ref: { sheet: string; from: { row: number; col: number }; to: { row: number; col: number } }) => unknown[][];
    onVariable?: (name: string, sheetName: string) => CellRef | RangeRef | null;
    functions?: Record<string, (...args: unknown[]) => unknown>;
  }
  interface DepParserInstance {
    parse(formula: string, position: Position): Array<CellRef | RangeRef>;
  }
  class FormulaParser {
    constructor(config?: ParserConfig);
    parse(formula: string, position: Position, allowReturnArray?: boolean): unknown;
    static DepParser: new (config?: { onVariable?: (name: string, sheetName: string) => CellRef | RangeRef | null }) => DepParserInstance;
  }
  export default FormulaParser;
}
