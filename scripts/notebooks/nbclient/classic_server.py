"""Runs cells in the kernel through Jupyter's classic Notebook server (Debian's
jupyter-notebook 6.4), as a reader's browser does: the server started on 127.0.0.1 with a
token, a session opened for a notebook (the server starts its kernel, in the notebook's
folder), each cell sent as an execute_request over the kernel's websocket, and the last
one interrupted through the server's REST API when asked.

    /usr/bin/python3 classic_server.py NOTEBOOK_DIR NOTEBOOK KERNEL_NAME PLAN.json

PLAN.json is a list of {"code": ..., "interrupt_after": seconds (optional)}. Prints one
JSON document: for each cell its reply's status and ename, its stream text and results,
and the seconds to its reply. The Node test (classic-notebook.test.ts) reads it.
"""

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
import uuid

from tornado import gen, ioloop
from tornado.websocket import websocket_connect

SERVER_START_S = 120
CELL_TIMEOUT_S = 600


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def rest(base, token, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{base}{path}", data=data, method=method, headers={"Authorization": f"token {token}", "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        text = response.read()
        return json.loads(text) if text else None


def wait_for_server(base, token, server):
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"jupyter-notebook exited {server.returncode}: {server.stderr.read().decode()[-2000:]}")
        try:
            return rest(base, token, "GET", "/api/status")
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"jupyter-notebook did not answer within {SERVER_START_S} s")


def request(code, session):
    return {
        "header": {"msg_id": uuid.uuid4().hex, "username": "reader", "session": session, "msg_type": "execute_request", "version": "5.3"},
        "parent_header": {},
        "metadata": {},
        "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {}, "allow_stdin": False, "stop_on_error": True},
        "channel": "shell",
    }


async def run_cells(base, token, kernel_id, plan):
    ws = await websocket_connect(f"{base.replace('http', 'ws')}/api/kernels/{kernel_id}/channels?token={token}")
    session = uuid.uuid4().hex
    results = []
    for step in plan:
        message = request(step["code"], session)
        msg_id = message["header"]["msg_id"]
        started = time.monotonic()
        deadline = ioloop.IOLoop.current().time() + CELL_TIMEOUT_S
        ws.write_message(json.dumps(message))
        if "interrupt_after" in step:
            await gen.sleep(step["interrupt_after"])
            rest(base, token, "POST", f"/api/kernels/{kernel_id}/interrupt")
        result = {"status": None, "ename": None, "text": "", "results": []}
        idle = False
        while result["status"] is None or not idle:
            raw = await gen.with_timeout(deadline, ws.read_message())
            if raw is None:
                raise RuntimeError("the server closed the kernel's websocket")
            reply = json.loads(raw)
            if reply["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = reply["msg_type"], reply["content"]
            if kind == "stream":
                result["text"] += content["text"]
            elif kind == "execute_result":
                result["results"].append(content["data"]["text/plain"])
            elif kind == "execute_reply":
                result["status"], result["ename"] = content["status"], content.get("ename")
            elif kind == "status" and content["execution_state"] == "idle":
                idle = True
        result["seconds"] = round(time.monotonic() - started, 2)
        results.append(result)
    ws.close()
    return results


def main(argv):
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[5].strip(), file=sys.stderr)
        return 2
    notebook_dir, notebook, kernel_name, plan_file = argv
    plan = json.loads(open(plan_file).read())
    token = secrets.token_hex(16)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = ["jupyter-notebook", "--no-browser", "--ip=127.0.0.1", f"--port={port}", "--port-retries=0", f"--NotebookApp.token={token}", f"--notebook-dir={notebook_dir}"]
    # A container's CI runs as root, which the server refuses without saying so allowed.
    if os.geteuid() == 0:
        command.append("--allow-root")
    server = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        status = wait_for_server(base, token, server)
        opened = rest(base, token, "POST", "/api/sessions", {"path": notebook, "type": "notebook", "name": notebook, "kernel": {"name": kernel_name}})
        cells = ioloop.IOLoop.current().run_sync(lambda: run_cells(base, token, opened["kernel"]["id"], plan))
        rest(base, token, "DELETE", f"/api/sessions/{opened['id']}")
        print(json.dumps({"server": status.get("started") is not None, "kernel": opened["kernel"]["name"], "cells": cells}))
        return 0
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
