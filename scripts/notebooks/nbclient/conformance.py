"""Jupyter's kernel conformance suite (jupyter_kernel_test, Debian's
python3-jupyter-kernel-test 0.4.5) against the kernelspec `npm run kernel:install`
wrote into $JUPYTER_DATA_DIR.

    /usr/bin/python3 conformance.py

Prints one JSON document on stdout, one entry per test of the suite: its outcome
(pass, skip, fail) and, for a skip, the reason; conformance.test.ts reads it.
"""

import json
import sys
import unittest

import jupyter_kernel_test

KERNEL_NAME = "pi-companion-tslab"

# A test is skipped only for a feature the kernel does not offer; each says which.
NO_PAGER = "the kernel has no pager: no code answers with a `page` payload (tslab has no help or `?` syntax)"
NO_CLEAR_OUTPUT = "the kernel cannot clear a cell's output: tslab's display API (tslab.display) has no clear_output"

# Run in the kernel before the tests, so completion and inspection can name it: a
# reader declares names in one cell and uses them in the next.
EARLIER_CELL = 'const greeting = "hello";'


class PiCompanionKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = KERNEL_NAME
    language_name = "typescript"
    file_extension = ".ts"

    code_hello_world = 'console.log("hello, world")'
    code_stderr = 'console.error("a line on stderr")'
    code_generate_error = 'throw new Error("a cell that throws")'
    code_execute_result = [
        {"code": "6 * 7", "result": "42"},
        {"code": "[1, 2].map((n) => n * 2)", "result": "[ 2, 4 ]"},
    ]
    code_display_data = [
        {"code": 'import * as tslab from "tslab";\ntslab.display.html("<b>bold</b>")', "mime": "text/html"},
        {"code": 'import * as tslab from "tslab";\ntslab.display.markdown("*emphasis*")', "mime": "text/markdown"},
    ]

    complete_code_samples = ["const x = 1;", "6 * 7", "function f() {\n  return 1;\n}", "const s = `a\nb`;"]
    incomplete_code_samples = ["function f() {", "const s = `abc", "const a = [1,", "foo(", "/* a comment"]
    invalid_code_samples = ["const x = )", "}", "const = 1;"]

    completion_samples = [
        {"text": "greeting.toUpp", "matches": {"toUpperCase"}},
        {"text": 'const local = "hello";\nlocal.toLowerC', "matches": {"toLowerCase"}},
        {"text": "Math.ma", "matches": {"max"}},
    ]
    # A name from the earlier cell, as a reader's Shift-Tab asks.
    code_inspect_sample = "greeting"

    supported_history_operations = ("tail", "range", "search")
    code_history_pattern = "6 * 7"

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.kc.execute_interactive(EARLIER_CELL, timeout=120)

    def test_pager(self):
        if not self.code_page_something:
            raise unittest.SkipTest(NO_PAGER)
        super().test_pager()

    def test_clear_output(self):
        if not self.code_clear_output:
            raise unittest.SkipTest(NO_CLEAR_OUTPUT)
        super().test_clear_output()


class Outcomes(unittest.TestResult):
    """Each test's outcome by name; a failing subtest fails its test."""

    def __init__(self):
        super().__init__()
        self.outcomes = {}

    @staticmethod
    def _name(test):
        return getattr(test, "_testMethodName", None) or test.test_case._testMethodName

    def _set(self, test, outcome, detail=None):
        entry = self.outcomes.setdefault(self._name(test), {"skipped_subtests": []})
        if entry.get("outcome") == "fail":
            return
        entry["outcome"] = outcome
        if detail:
            entry["detail"] = detail

    def addSkip(self, test, reason):
        if hasattr(test, "_testMethodName"):
            self._set(test, "skip", reason)
        else:
            # A subtest skipped while its test goes on: the test passes, the skip is kept.
            entry = self.outcomes.setdefault(self._name(test), {"skipped_subtests": []})
            entry["skipped_subtests"].append(f"{test._subDescription()}: {reason}")

    def addSuccess(self, test):
        self._set(test, "pass")

    def addFailure(self, test, err):
        self._set(test, "fail", self._exc_info_to_string(err, test)[-2000:])

    def addError(self, test, err):
        self._set(test, "fail", self._exc_info_to_string(err, test)[-2000:])

    def addSubTest(self, test, subtest, err):
        if err is not None:
            self._set(test, "fail", f"{subtest.id()}: {self._exc_info_to_string(err, test)[-2000:]}")


def report(case):
    """Runs the suite's tests in `case` (a KernelTests subclass) and prints the JSON document."""
    suite = unittest.defaultTestLoader.loadTestsFromTestCase(case)
    result = Outcomes()
    suite.run(result)
    # An error in setUpClass (the kernel did not start) is the suite's, not a test's.
    for test, err in result.errors:
        if not hasattr(test, "_testMethodName"):
            result.outcomes[str(test)] = {"outcome": "fail", "detail": err[-2000:]}
    print(json.dumps({"version": jupyter_kernel_test.__version__, "tests": result.outcomes}, sort_keys=True))
    return 0


def main():
    return report(PiCompanionKernelTests)


if __name__ == "__main__":
    sys.exit(main())
