class CompilationError(Exception):
    pass


class CompileTimeAssertionFailure(CompilationError):
    pass


class MLIRCompilationError(CompilationError):
    pass
