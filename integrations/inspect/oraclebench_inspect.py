"""oraclebench helpers for inspect_ai tasks (gf01_task.py, geb_task.py): plain Python (stdlib
only, no inspect import), so they are tested without inspect (tests/interop/inspect-tasks.test.ts).

- `Gf01Session`: a client of the GF-01 HTTP session API (`gf01 serve`, or `startPlayServer`):
  start a session, send actions, commit, read the result. The server keeps every hidden bit;
  the client sees what a player sees (observation and its text screen).
- `gf01_verify` / `gf01_score`: the certificate scored by `gf01 verify` (exact verifier).
- `geb_grade` / `geb_score`: one answer graded by `geb grade` (default 1.0 settings).

Score dicts are `{value, answer, explanation, metadata}`, ready for `inspect_ai.scorer.Score(**d)`.
The CLI is a command prefix: `["npx", "gf01"]` (default), `["node", ".../gf01.js"]`, ….
"""

import json
import os
import subprocess
import tempfile
import urllib.error
import urllib.request


class OraclebenchError(Exception):
    """A CLI or server failure: the sample is an error, never a score."""


def run_cli(cmd, args):
    p = subprocess.run([*cmd, *args], capture_output=True, text=True)
    if p.returncode != 0:
        last = (p.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise OraclebenchError(f"{' '.join(cmd)} {args[0]} exited {p.returncode}: {last}")
    return json.loads(p.stdout)


def gf01_verify(bundle, instance_id, certificate, cmd=("npx", "gf01"), pool="complete"):
    """`gf01 verify` on one certificate (a list of [t, ap, v] or its JSON text)."""
    cert = certificate if isinstance(certificate, str) else json.dumps(certificate)
    return run_cli(
        list(cmd),
        ["verify", "--instances", bundle, "--instance-id", str(instance_id), "--certificate", cert,
         "--best-match-pool", pool],
    )


def gf01_score(verified):
    """An inspect Score dict from `gf01 verify` output: value = certified, goal, AP/TS-F1."""
    v = verified
    return {
        "value": {"certified": int(bool(v["valid"])), "goal": int(bool(v["goal"])),
                  "ap_f1": v["ap_f1"], "ts_f1": v["ts_f1"]},
        "answer": json.dumps(v["certificate"]),
        "explanation": "certified" if v["valid"] else "goal_met" if v["goal"] else "missed",
        "metadata": v,
    }


def geb_grade(data, row_id, output, cmd=("npx", "geb")):
    """`geb grade` on one answer text (as an `{id, output}` row): the row's grade."""
    with tempfile.TemporaryDirectory() as d:
        pred = os.path.join(d, "pred.jsonl")
        rows = os.path.join(d, "rows.jsonl")
        with open(pred, "w", encoding="utf-8") as f:
            f.write(json.dumps({"id": row_id, "output": output}) + "\n")
        run_cli(list(cmd), ["grade", "--data", data, "--pred", pred, "--row-results", rows, "--json"])
        with open(rows, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                if r["id"] == row_id:
                    return r
    raise OraclebenchError(f"row {row_id} is not in {data}")


def geb_score(graded):
    g = graded
    return {
        "value": {"value_ok": int(g["value_ok"]), "exact": int(g["exact"]),
                  "cite_f1": g["cite_f1"]},
        "answer": "" if g["missing"] else json.dumps(g["pred_value"]),
        "explanation": "no answer" if g["missing"] else "exact" if g["exact"] else
        "value only" if g["value_ok"] else "wrong",
        "metadata": g,
    }


class Gf01Session:
    """One GF-01 episode over the HTTP session API. `base` is the API prefix URL, e.g.
    http://127.0.0.1:8017/api/b/<bundle> (gf01 serve) or http://127.0.0.1:PORT/api/gf01."""

    def __init__(self, base, instance_id, protocol="commit_only", explore_episodes=0,
                 agent_name="inspect", timeout=60):
        self.base = base.rstrip("/")
        self.timeout = timeout
        body = {"instance_id": instance_id, "protocol": protocol, "agent_name": agent_name,
                "renderer_track": "json"}
        if protocol == "explore_then_commit":
            body["explore_episodes"] = explore_episodes
        self.view = self._post("/sessions", body)
        self.id = self.view["session_id"]
        self.goal = self.view.get("goal")

    def _post(self, path, body):
        req = urllib.request.Request(
            self.base + path, data=json.dumps(body).encode(), method="POST",
            headers={"content-type": "application/json"})
        return self._send(req, accept=(200, 201, 422))

    def _send(self, req, accept=(200,)):
        try:
            with urllib.request.urlopen(req, timeout=self.timeout) as r:
                return json.loads(r.read())
        except urllib.error.HTTPError as e:
            if e.code in accept:
                return json.loads(e.read())
            raise OraclebenchError(f"{req.full_url}: HTTP {e.code}: {e.read()[:300]!r}") from None
        except urllib.error.URLError as e:
            raise OraclebenchError(f"{req.full_url}: {e.reason}") from None

    @property
    def finished(self):
        return bool(self.view.get("finished"))

    def act(self, setting):
        """One move: `{ap: 0|1}` for this timestep (`{}` = no intervention). A rejected move
        (`accepted: false`, with `error.code`) leaves the decision point open."""
        self.view = self._post(f"/sessions/{self.id}/actions", {"type": "action", "set": setting})
        return self.view

    def commit(self):
        self.view = self._post(f"/sessions/{self.id}/commit", {})
        return self.view

    def result(self):
        req = urllib.request.Request(f"{self.base}/sessions/{self.id}/result", method="GET")
        return self._send(req)
