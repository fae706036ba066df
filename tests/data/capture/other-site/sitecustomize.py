# A sitecustomize of the user's own, later on the path than the capture hook's: the capture tests
# check that it still runs.
import sys

sys.stderr.write("the user's own sitecustomize ran\n")
