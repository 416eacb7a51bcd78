"""Runs notebooks, or a plan of cells, in Jupyter's own client (nbclient) against the
kernelspec `npm run kernel:install` wrote into $JUPYTER_DATA_DIR.

    /usr/bin/python3 execute.py notebooks NOTEBOOK.ipynb...
    /usr/bin/python3 execute.py plan PLAN.json
    /usr/bin/python3 execute.py allow-errors NOTEBOOK.ipynb

`notebooks` executes each file whole with NotebookClient.execute(), as Jupyter's
"Run all" does. `plan` runs cells one at a time in one kernel, with file edits, completion
(Tab) and inspection (Shift-Tab) requests between them, and a cell interrupted a given
number of seconds after it was sent, for what a reader does
(re-running a cell after editing a project file, completing a name from an earlier cell).
`allow-errors` executes one file whole with allow_errors=True, as `jupyter nbconvert
--execute --allow-errors` does, and prints its cells. Prints one JSON document on
stdout; the Node test (nbclient.test.ts) reads it.
"""

import asyncio
import contextlib
import json
import pathlib
import sys
import time

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError
from nbclient.util import ensure_async, run_sync

KERNEL_NAME = "pi-companion-tslab"
CELL_TIMEOUT_S = 600
# A plan's cells are a reader's short ones (the longest runs about 20 s): a kernel that stops
# answering fails its cell in minutes, not in ten minutes a cell.
PLAN_CELL_TIMEOUT_S = 180


def client_for(nb, cwd, kernel_name=KERNEL_NAME, timeout=CELL_TIMEOUT_S):
    return NotebookClient(
        nb,
        kernel_name=kernel_name,
        timeout=timeout,
        allow_errors=False,
        resources={"metadata": {"path": cwd}},
    )


# Jupyter's client chooses free ports and the kernel binds them later; in between, another
# process may take one (CI saw EADDRINUSE with two test files starting kernels side by side).
# The kernel then exits at once (shell-channel.cjs), and a kernel that died before its first
# reply is started again with fresh ports, as a reader would restart it. Nothing else is retried.
KERNEL_START_ATTEMPTS = 3


def died_starting(error):
    return isinstance(error, RuntimeError) and "died before replying to kernel_info" in str(error)


def starting_again(attempt, error):
    """Whether to start the kernel again after `error` on start `attempt` (0-based), saying so."""
    if not died_starting(error) or attempt + 1 >= KERNEL_START_ATTEMPTS:
        return False
    print(f"execute.py: the kernel died before its first reply ({error}); starting it again", file=sys.stderr)
    return True


def retrying_start(start):
    """start()'s value, calling it again while the kernel it starts dies before its first reply."""
    for attempt in range(KERNEL_START_ATTEMPTS):
        try:
            return start()
        except RuntimeError as error:
            if not starting_again(attempt, error):
                raise


@contextlib.contextmanager
def started_kernel(make_client):
    """make_client()'s client with its kernel up, started again if it died before its first reply."""

    def start():
        client = make_client()
        setup = client.setup_kernel()
        setup.__enter__()
        return client, setup

    client, setup = retrying_start(start)
    with contextlib.ExitStack() as stack:
        stack.push(setup)
        yield client


def execute_whole(file):
    """Executes the notebook `file` whole, as Jupyter's "Run all" does, and says how it ended."""
    path = pathlib.Path(file).resolve()
    nb = nbformat.read(path, as_version=4)
    try:
        client_for(nb, str(path.parent)).execute()
        return {"file": file, "ok": True}
    except CellExecutionError as error:
        return {"file": file, "ok": False, "ename": error.ename, "message": str(error)[-3000:]}


def run_notebooks(files):
    return [retrying_start(lambda: execute_whole(file)) for file in files]


def shell_request(client, method, **content):
    """Sends one shell request with jupyter_client's own method and returns its reply's content."""

    async def request():
        msg_id = getattr(client.kc, method)(**content)
        while True:
            reply = await client.kc.get_shell_msg(timeout=client.timeout)
            if reply["parent_header"].get("msg_id") == msg_id:
                return {"msg_type": reply["header"]["msg_type"], "content": reply["content"]}

    return run_sync(request)()


def execute_interrupted(client, cell, index, seconds):
    """Executes `cell` and interrupts the kernel `seconds` after the request, as Jupyter's
    stop button does (jupyter_client's interrupt_kernel: SIGINT, the kernelspec's mode)."""

    async def interrupt_later():
        await asyncio.sleep(seconds)
        await ensure_async(client.km.interrupt_kernel())

    async def both():
        await asyncio.gather(client.async_execute_cell(cell, index), interrupt_later())

    run_sync(both)()


def run_plan(plan_file):
    plan = json.loads(pathlib.Path(plan_file).read_text())
    nb = nbformat.v4.new_notebook()
    kernel_name = plan.get("kernel", KERNEL_NAME)
    nb.metadata["kernelspec"] = {"name": kernel_name, "display_name": kernel_name, "language": "typescript"}
    replies = []

    def make_client():
        client = client_for(nb, plan["cwd"], kernel_name, PLAN_CELL_TIMEOUT_S)
        client.allow_errors = True
        client.on_cell_executed = lambda cell, cell_index, execute_reply: replies.append(execute_reply["content"])
        return client

    results = []
    with started_kernel(make_client) as client:
        for step in plan["steps"]:
            if "write" in step:
                pathlib.Path(step["write"]["path"]).write_text(step["write"]["text"])
                continue
            if "complete" in step or "inspect" in step:
                method = "complete" if "complete" in step else "inspect"
                code = step[method]
                results.append(shell_request(client, method, code=code, cursor_pos=step.get("cursor", len(code))))
                continue
            cell = nbformat.v4.new_code_cell(step["code"])
            nb.cells.append(cell)
            started = time.monotonic()
            if "interrupt_after" in step:
                execute_interrupted(client, cell, len(nb.cells) - 1, step["interrupt_after"])
            else:
                client.execute_cell(cell, len(nb.cells) - 1)
            reply = replies[-1]
            results.append(
                {
                    "status": reply["status"],
                    "ename": reply.get("ename"),
                    "evalue": reply.get("evalue"),
                    "traceback": reply.get("traceback"),
                    "outputs": cell.outputs,
                    "seconds": round(time.monotonic() - started, 2),
                }
            )
    return results


def run_allowing_errors(file):
    path = pathlib.Path(file).resolve()
    nb = nbformat.read(path, as_version=4)
    client = client_for(nb, str(path.parent))
    client.allow_errors = True
    client.execute()
    return [{"execution_count": cell.execution_count, "outputs": cell.outputs} for cell in nb.cells if cell.cell_type == "code"]


def main(argv):
    if len(argv) >= 2 and argv[0] == "notebooks":
        print(json.dumps(run_notebooks(argv[1:])))
        return 0
    if len(argv) == 2 and argv[0] == "allow-errors":
        print(json.dumps(run_allowing_errors(argv[1])))
        return 0
    if len(argv) == 2 and argv[0] == "plan":
        print(json.dumps(run_plan(argv[1])))
        return 0
    print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
