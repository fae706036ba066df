class CompilationError(Exception):
    pass
