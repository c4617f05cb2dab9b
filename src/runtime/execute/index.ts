// Public surface of the step executor.
export { compileTool, type CompiledTool, type CompiledStep } from "./compile.js";
export { executeTool, inputsContext, type Execution, type ExecutionScope } from "./run.js";
export { runStep, type Sleep, type StepEnv, type StepOutcome, type StepResponse } from "./step.js";
export { compileValue, setAtPointer, SpecError, type Evaluator } from "./values.js";
export { compileCriterion, compileAll, type Predicate } from "./criteria.js";
export { defaultSuggestion, withProgress, type ErrorBody } from "./failure.js";
