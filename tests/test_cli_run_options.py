"""`emailbench run` options: sampling, --extra-body and --max-turns on the wire, --config."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from emailbench_gym.agents.base import sampling_request
from emailbench_gym.cli import main
from emailbench_gym.runfolder import CONFIG, RESULTS
from emailbench_gym.runner import read_records
from tests import runner_support
from tests.fakellm import FakeLLM, Reply, Request, chat_tool_calls, messages_text, responses_text
from tests.test_runner import folder_model

EXTRA = '{"chat_template_kwargs": {"enable_thinking": false}}'


@pytest.fixture
def ids(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[str]:
    return runner_support.install(monkeypatch, tmp_path)


def test_sampling_extra_body_and_max_turns_reach_the_model_and_run_json(ids, tmp_path):
    out = tmp_path / "out"
    with FakeLLM(folder_model) as server:
        args = ["run", "--model", "openai:fake", "--base-url", server.openai_base_url,
                "--scenarios", ids[0], "--out", str(out), "--quiet", "--temperature", "0.3",
                "--top-p", "0.9", "--max-tokens", "77", "--seed", "5", "--extra-body", EXTRA]  # fmt: skip
        assert main(args) == 0
        body = server.requests[0].body
        assert (body["temperature"], body["top_p"], body["max_tokens"], body["seed"]) == (
            0.3, 0.9, 77, 5,
        )  # fmt: skip
        assert body["chat_template_kwargs"] == {"enable_thinking": False}
        config = json.loads((out / CONFIG).read_text())
        assert config["request"] == {
            "temperature": 0.3, "top_p": 0.9, "max_tokens": 77, "seed": 5,
            "extra_body": {"chat_template_kwargs": {"enable_thinking": False}},
        }  # fmt: skip
        sent = len(server.requests)
        # --config replays everything, --out included: the finished run has nothing to play.
        assert (
            main(["run", "--config", str(out / CONFIG), "--base-url", server.openai_base_url]) == 0
        )
        assert len(server.requests) == sent
        # Another temperature on the same folder is refused, naming the option.
        assert main([*args, "--temperature", "0.5"]) == 2


def test_max_turns_cuts_the_episode(ids, tmp_path):
    def never_done(request: Request) -> Reply:
        return chat_tool_calls([("folders_list", {})])

    with FakeLLM(never_done) as server:
        args = ["run", "--model", "openai:fake", "--base-url", server.openai_base_url,
                "--scenarios", ids[0], "--out", str(tmp_path / "o"), "--quiet", "--max-turns", "2"]  # fmt: skip
        assert main(args) == 0
        assert len(server.requests) == 2
    record = read_records(tmp_path / "o" / RESULTS)[0]
    assert record["truncated"] and record["iterations"] == 2
    assert json.loads((tmp_path / "o" / CONFIG).read_text())["max_turns"] == 2


def test_each_api_gets_its_own_names(ids, tmp_path):
    with FakeLLM(lambda r: responses_text("done")) as server:
        args = ["run", "--model", "openai-responses:fake", "--base-url", server.openai_base_url,
                "--scenarios", ids[0], "--out", str(tmp_path / "r"), "--quiet",
                "--max-tokens", "50", "--extra-body", '{"top_k": 20}']  # fmt: skip
        assert main(args) == 0
        body = server.requests[0].body
        assert body["max_output_tokens"] == 50 and body["top_k"] == 20 and "max_tokens" not in body
    with FakeLLM(lambda r: messages_text("done")) as server:
        args = ["run", "--model", "anthropic:fake", "--base-url", server.anthropic_base_url,
                "--scenarios", ids[0], "--out", str(tmp_path / "a"), "--quiet",
                "--max-tokens", "64", "--temperature", "0"]  # fmt: skip
        assert main(args) == 0, read_records(tmp_path / "a" / RESULTS)[0]["error"]
        body = server.requests[0].body
        assert body["max_tokens"] == 64 and body["temperature"] == 0


@pytest.mark.parametrize(
    ("spec", "options", "message"),
    [("anthropic:x", {"seed": 1}, "only by Chat Completions"),
     ("openai:x", {"temperature": 3.0}, "accepted 0 to 2"),
     ("openai:x", {"top_p": 0.0}, "greater than 0"),
     ("openai:x", {"max_tokens": 0}, "positive number"),
     ("reference", {"temperature": 0.1}, "for model agents")],
)  # fmt: skip
def test_bad_sampling_options_are_named(spec, options, message):
    with pytest.raises(ValueError, match=message):
        sampling_request(spec, **options)


def test_bad_command_lines_say_what_is_accepted(ids, tmp_path, capsys):
    assert main(["run", "--scenarios", ids[0]]) == 2
    assert "one of --model, --agent or --config" in capsys.readouterr().err
    assert main(["run", "--config", str(tmp_path / "nowhere.json")]) == 2
    assert "--config" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text('{"model": "x"}')
    assert main(["run", "--config", str(tmp_path / "bad.json")]) == 2
    assert "is not a run.json (profile: Field required" in capsys.readouterr().err
    assert main(["run", "--agent", "reference", "--max-turns", "0", "--scenarios", ids[0]]) == 2
    assert "accepted 1 or more" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["run", "--agent", "reference", "--extra-body", "[1]"])
    assert "accepted a JSON object" in capsys.readouterr().err


def test_run_json_keeps_the_connection_and_config_takes_it_back(ids, tmp_path):
    out = tmp_path / "c"
    with FakeLLM(folder_model) as server:
        args = ["run", "--model", "openai:fake", "--base-url", server.openai_base_url,
                "--scenarios", ",".join(ids[:2]), "--out", str(out), "--quiet",
                "--timeout", "33", "--max-retries", "0", "--concurrency", "3"]  # fmt: skip
        assert main(args) == 0
        config = json.loads((out / CONFIG).read_text())
        assert config["base_url"].rstrip("/") == server.openai_base_url.rstrip("/")
        assert (config["timeout"], config["max_retries"], config["concurrency"]) == (33, 0, 3)
        # An episode lost: --config alone (no --base-url) replays it against the same server.
        kept = read_records(out / RESULTS)[:1]
        (out / RESULTS).write_text("".join(json.dumps(r) + "\n" for r in kept))
        sent = len(server.requests)
        assert main(["run", "--config", str(out / CONFIG), "--quiet"]) == 0
        assert len(server.requests) > sent
        assert {r["id"] for r in read_records(out / RESULTS)} == set(ids[:2])
    assert main(["run", "--agent", "reference", "--timeout", "0", "--scenarios", ids[0]]) == 2


def test_secrets_in_the_extra_body_are_sent_but_never_stored(ids, tmp_path, capsys):
    out = tmp_path / "s"
    extra = {"api_key": "abc123", "extra_headers": {"Authorization": "Bearer tok-9", "X-Trace": "1"},
             "chat_template_kwargs": {"enable_thinking": False}}  # fmt: skip
    with FakeLLM(folder_model) as server:
        base = server.openai_base_url
        args = ["run", "--model", "openai:fake", "--base-url", base, "--scenarios", ids[0],
                "--out", str(out), "--quiet", "--extra-body", json.dumps(extra)]  # fmt: skip
        assert main(args) == 0
        assert server.requests[0].body["api_key"] == "abc123"  # sent as given
        text = (out / CONFIG).read_text()
        for secret in ("abc123", "tok-9"):
            assert secret not in text
        config = json.loads(text)
        assert config["request"]["extra_body"] == {
            "api_key": "[redacted]",
            "extra_headers": {"Authorization": "[redacted]", "X-Trace": "1"},
            "chat_template_kwargs": {"enable_thinking": False},
        }
        assert main(args) == 0  # the same secrets again: the same configuration
        # --config cannot send a redacted value: it asks for the options again, naming them.
        assert main(["run", "--config", str(out / CONFIG), "--quiet"]) == 2
        err = capsys.readouterr().err
        assert "request.extra_body.api_key, request.extra_body.extra_headers.Authorization" in err
        assert "pass --extra-body again" in err
        again = ["run", "--config", str(out / CONFIG), "--quiet", "--extra-body", json.dumps(extra)]
        assert main(again) == 0


def test_headers_reach_the_model_are_redacted_in_run_json_and_read_back(ids, tmp_path, capsys):
    out = tmp_path / "h"
    headers = ["--header", "HTTP-Referer: https://example.org/bench", "--header", "X-Title:EmailBench",
               "--header", "Authorization: Bearer tok-secret-77"]  # fmt: skip
    with FakeLLM(folder_model) as server:
        args = ["run", "--model", "openai:fake", "--base-url", server.openai_base_url,
                "--scenarios", ",".join(ids[:2]), "--out", str(out), "--quiet", *headers]  # fmt: skip
        assert main(args) == 0
        assert len(server.requests) >= 2
        for request in server.requests:  # every request, the async fast path's included
            assert request.headers["http-referer"] == "https://example.org/bench"
            assert request.headers["x-title"] == "EmailBench"
            assert request.headers["authorization"] == "Bearer tok-secret-77"
        text = (out / CONFIG).read_text()
        assert "tok-secret-77" not in text
        assert json.loads(text)["headers"] == {
            "HTTP-Referer": "https://example.org/bench",
            "X-Title": "EmailBench",
            "Authorization": "[redacted]",
        }
        # --config takes the headers back, but not a redacted one: it asks for it again.
        kept = read_records(out / RESULTS)[:1]
        (out / RESULTS).write_text("".join(json.dumps(r) + "\n" for r in kept))
        assert main(["run", "--config", str(out / CONFIG), "--quiet"]) == 2
        err = capsys.readouterr().err
        assert "headers.Authorization held a secret" in err and "pass --header again" in err
        sent = len(server.requests)
        again = ["run", "--config", str(out / CONFIG), "--quiet",
                 "--header", "authorization:Bearer tok-secret-77"]  # fmt: skip
        assert main(again) == 0
        replayed = server.requests[sent:]
        assert replayed and all(r.headers["x-title"] == "EmailBench" for r in replayed)
        assert all(r.headers["authorization"] == "Bearer tok-secret-77" for r in replayed)
    with FakeLLM(lambda r: messages_text("done")) as server:  # the Messages API too
        args = ["run", "--model", "anthropic:fake", "--base-url", server.anthropic_base_url,
                "--scenarios", ids[0], "--out", str(tmp_path / "a"), "--quiet",
                "--header", "X-Title:EmailBench"]  # fmt: skip
        assert main(args) == 0
        assert server.requests[0].headers["x-title"] == "EmailBench"


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("no-colon", "accepted NAME:VALUE"),
        ("Bad Name:x", "accepted NAME:VALUE"),
        (":x", "accepted NAME:VALUE"),
        ("Content-Type:text/plain", "Content-Type: set by the client itself"),
        ("X-A:one\x01two", "X-A: the value has a control character"),
    ],
)
def test_bad_headers_say_what_is_accepted(header, message, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["run", "--model", "openai:fake", "--header", header])
    assert stop.value.code == 2 and message in capsys.readouterr().err


def test_a_header_twice_or_for_an_offline_agent_is_refused(ids, capsys):
    twice = ["--header", "X-Title:a", "--header", "x-title:b"]
    assert (
        main(["run", "--model", "openai:fake", "--base-url", "http://127.0.0.1:9/v1", *twice]) == 2
    )
    assert "--header x-title is given twice" in capsys.readouterr().err
    assert main(["run", "--agent", "reference", "--scenarios", ids[0], "--header", "X-A:1"]) == 2
    assert "--header is for model agents, not 'reference'" in capsys.readouterr().err


def test_stored_urls_lose_their_passwords_and_key_parameters():
    from emailbench_gym.redact import redact_url

    assert redact_url("https://me:pw-123@host/v1?api-key=k1&api-version=2") == (
        "https://me:[redacted]@host/v1?api-key=[redacted]&api-version=2"
    )
    assert redact_url("http://127.0.0.1:8000/v1/") == "http://127.0.0.1:8000/v1/"


def test_progress_lines_when_stdout_is_not_a_terminal(ids, tmp_path, capsys):
    out = tmp_path / "p"
    args = ["run", "--agent", "reference", "--scenarios", ",".join(ids), "--repeats", "2",
            "--out", str(out), "--progress-every", "0"]  # fmt: skip
    assert main(args) == 0  # capsys: stdout is not a terminal, so plain lines on stderr
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert lines[0] == "reference: 4 episodes to play or grade, 0 already done"
    assert [line.split(": ")[1].split(" ")[0] for line in lines[1:]] == ["1/4", "2/4", "3/4", "4/4"]
    assert "pass 100.0% of 4" in lines[-1] and lines[-1].endswith("ETA 0s")
    assert "ETA" in lines[1] and "episodes/s" in lines[1]
    assert captured.out.startswith("Model")  # stdout keeps only the result
    # A resume counts what the folder already holds; the default period prints the end only.
    kept = read_records(out / RESULTS)[:3]
    (out / RESULTS).write_text("".join(json.dumps(r) + "\n" for r in kept))
    assert main(args[:-2]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "reference: 1 episodes to play or grade, 3 already done"
    assert len(lines) == 2 and lines[1].startswith(
        "reference: 4/4 episodes (100%), pass 100.0% of 4"
    )
    assert main([*args, "--quiet"]) == 0 and capsys.readouterr().err == ""
    assert main([*args[:-1], "-1"]) == 2
    assert "--progress-every -1.0: accepted 0 or more seconds" in capsys.readouterr().err
