class OutOfResources(Exception):
    pass
