"""Stand-in for the CANN ACL Python binding: only the SoC name query."""
import os


def get_soc_name():
    return os.environ.get("TS_REF_SOC", "")
