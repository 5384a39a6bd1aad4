"""Every module of the package imports on its own, as the first import of a fresh process.

A circular import shows only when a module is imported before the ones that would have
loaded its partners: `import emailbench_gym.mailbox` first failed while `import
emailbench_gym` first worked, so no test importing the package normally could see it.

One driver process loads the third-party libraries the package uses (numpy, pydantic,
gymnasium, ...) and no module of the package, then forks a child per module, which imports
that module alone: each child starts with none of the package loaded, as a fresh interpreter
does, without paying the interpreter's and the libraries' start-up 160 times. Where fork is
missing, each module gets its own interpreter.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import emailbench_gym

PACKAGE = Path(emailbench_gym.__file__).parent

DRIVER = r"""
import importlib, json, os, sys, traceback

modules = json.loads(sys.argv[1])
package = "emailbench_gym"


def ours(name):
    return name == package or name.startswith(package + ".")


def import_alone(name):
    try:
        importlib.import_module(name)
    except BaseException:
        return traceback.format_exc(limit=-3).strip().splitlines()[-1]
    return None


def start(work):
    # `work()` in a forked child, which writes its result (one JSON value) to a pipe
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            out = json.dumps(work()).encode()
        except BaseException as error:
            out = json.dumps(repr(error)).encode()
        os.write(write, out)
        os._exit(0)
    os.close(write)
    return pid, read


def finish(read):
    chunks = []
    while chunk := os.read(read, 65536):
        chunks.append(chunk)
    os.close(read)
    return json.loads(b"".join(chunks) or b"null")


def in_child(work):
    pid, read = start(work)
    found = finish(read)
    os.waitpid(pid, 0)
    return found


if not hasattr(os, "fork"):
    print(json.dumps(None))  # the test falls back to one interpreter per module
    sys.exit(0)


def libraries():
    for name in modules:
        import_alone(name)
    return sorted(name for name in sys.modules if not ours(name))


for name in in_child(libraries):
    if name not in sys.modules:
        import_alone(name)
assert not any(ours(name) for name in sys.modules), "a library imported the package"
failures, running, waiting = {}, {}, list(modules)
while waiting or running:  # as many children at a time as there are cores
    while waiting and len(running) < (os.cpu_count() or 1):
        name = waiting.pop(0)
        running[start(lambda name=name: import_alone(name))] = name
    pid, _ = os.wait()
    key = next(key for key in running if key[0] == pid)
    failures[running.pop(key)] = finish(key[1])
print(json.dumps(failures))
"""


def package_modules() -> list[str]:
    """Every module and package of emailbench_gym, from the files (nothing imported)."""
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        if parts[-1] == "__main__":  # runs a command line when imported
            continue
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def test_every_module_imports_first_on_its_own():
    modules = package_modules()
    assert "emailbench_gym.mailbox" in modules and len(modules) > 100
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, json.dumps(modules)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=PACKAGE.parent,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    failures = json.loads(done.stdout.strip().splitlines()[-1])
    if failures is None:  # no fork: one fresh interpreter per module
        failures = {}
        for name in modules:
            alone = subprocess.run(
                [sys.executable, "-c", f"import {name}"], capture_output=True, text=True
            )
            failures[name] = alone.stderr.strip().splitlines()[-1] if alone.returncode else None
    assert {name: error for name, error in failures.items() if error} == {}
