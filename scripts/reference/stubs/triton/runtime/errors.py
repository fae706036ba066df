class OutOfResources(Exception):
    pass


class PTXASError(Exception):
    pass


class AutotunerError(Exception):
    pass
