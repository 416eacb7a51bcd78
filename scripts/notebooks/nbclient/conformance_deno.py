"""Jupyter's kernel conformance suite against Deno's kernel (`deno jupyter`), for the
benchmark's side-by-side counts (scripts/bench/peer-kernel.ts): the same samples as
ours (conformance.py), with Deno's own display API in place of tslab's.

    /usr/bin/python3 conformance_deno.py KERNEL_NAME

KERNEL_NAME is the kernelspec the benchmark wrote into $JUPYTER_DATA_DIR. Prints the
same JSON document as conformance.py.
"""

import sys

import conformance


class DenoKernelTests(conformance.PiCompanionKernelTests):
    kernel_name = "deno"
    code_display_data = [
        {"code": 'Deno.jupyter.display({ "text/html": "<b>bold</b>" }, { raw: true })', "mime": "text/html"},
        {"code": 'Deno.jupyter.display({ "text/markdown": "*emphasis*" }, { raw: true })', "mime": "text/markdown"},
    ]


def main(argv):
    if len(argv) != 1:
        print(__doc__.strip().splitlines()[4].strip(), file=sys.stderr)
        return 2
    DenoKernelTests.kernel_name = argv[0]
    return conformance.report(DenoKernelTests)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
