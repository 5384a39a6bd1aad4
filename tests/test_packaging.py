"""The wheel ships the README with the docs and examples it links, and `emailbench docs` finds them."""

from __future__ import annotations

import re
import sys
from pathlib import PurePosixPath

from emailbench_gym.cli import main
from tests.integration_helpers import ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _force_include() -> dict[str, str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return config["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]


def _in_wheel(target: PurePosixPath, shipped: dict[str, str]) -> bool:
    """Whether a path inside the wheel is one of the checkout's files, by the force-include map."""
    for source, destination in shipped.items():
        dest = PurePosixPath(destination)
        if target == dest or dest in target.parents:
            return (ROOT / source / target.relative_to(dest)).exists()
    return False


def test_wheel_ships_the_readme_with_every_document_it_links() -> None:
    shipped = _force_include()
    readme_dir = PurePosixPath(shipped["README.md"]).parent
    assert shipped["docs"] == str(readme_dir / "docs")
    assert shipped["examples"] == str(readme_dir / "examples")
    links = re.findall(r"\]\(([^)#\s]+)", (ROOT / "README.md").read_text())
    relative = [link for link in links if "://" not in link]
    assert relative, "the README links no document"
    for link in relative:
        assert (ROOT / link).exists(), link
        assert _in_wheel(readme_dir / link, shipped), f"{link} is not in the wheel"
    assert _in_wheel(readme_dir / "examples" / "openai_agent.py", shipped)
    # a wheel built from the sdist (pip install from it) needs every force-included source
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    sdist = set(config["tool"]["hatch"]["build"]["targets"]["sdist"]["include"])
    assert set(shipped) <= sdist, sorted(set(shipped) - sdist)


def test_docs_command_lists_and_prints_the_shipped_documents(capsys) -> None:
    assert main(["docs"]) == 0
    listing = capsys.readouterr().out
    assert "README" in listing and "docs/running.md" in listing
    assert "examples/openai_agent.py" in listing
    assert main(["docs", "running"]) == 0
    assert capsys.readouterr().out == (ROOT / "docs" / "running.md").read_text()
    assert main(["docs", "examples/scripted_episode.py"]) == 0
    assert capsys.readouterr().out == (ROOT / "examples" / "scripted_episode.py").read_text()
    assert main(["docs", "nope"]) == 2
    assert "shipped: README" in capsys.readouterr().err
