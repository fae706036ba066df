"""Stand-in for triton.backends.ascend.utils: the two queries the autotune runtime makes,
with the same rules as the backend (SoC name from the ACL binding; UB capacity by arch)."""
import acl

_compile_on_910_95 = None


def is_compile_on_910_95():
    global _compile_on_910_95
    if _compile_on_910_95 is None:
        soc = acl.get_soc_name().lower()
        _compile_on_910_95 = any(tag in soc for tag in ("ascend910_95", "ascend950", "910_958b"))
    return _compile_on_910_95


def ub_size_in_kbytes_for_arch(arch):
    if not isinstance(arch, str) or not arch:
        return 0
    if arch.startswith(("Ascend910_95", "Ascend950")):
        return 256
    if arch.startswith(("Ascend910A", "Ascend910B", "Ascend910D", "Ascend910_93", "Ascend310B")):
        return 192
    return 0
