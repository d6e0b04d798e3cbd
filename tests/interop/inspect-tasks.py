"""Drive integrations/inspect/oraclebench_inspect.py (the helpers the inspect tasks use) against
our CLIs and a GF-01 session server, without inspect. argv: one JSON object
{task_dir, gf01_cmd, geb_cmd, bundle, api, rows: [{instance_id, certificate}], data,
answers: [{id, output}]}. Prints one JSON object of results."""

import json
import sys

cfg = json.loads(sys.argv[1])
sys.path.insert(0, cfg["task_dir"])
from oraclebench_inspect import Gf01Session, OraclebenchError, geb_grade, geb_score, gf01_score, gf01_verify  # noqa: E402

out = {"verified": [], "sessions": [], "graded": [], "errors": []}
for r in cfg["rows"]:
    out["verified"].append(gf01_score(gf01_verify(cfg["bundle"], r["instance_id"], r["certificate"], cfg["gf01_cmd"])))
for r in cfg["rows"]:
    s = Gf01Session(cfg["api"], r["instance_id"])
    first = s.view
    bad = s.act({"no_such_input": 1})  # rejected, the decision point stays open
    ap = s.goal["input_aps"][0] if s.goal and "input_aps" in s.goal else None
    moves = 0
    while not s.finished:
        s.act({ap: 1} if moves == 0 and ap else {})
        moves += 1
    res = s.result()
    again = gf01_score(gf01_verify(cfg["bundle"], r["instance_id"], res["certificate"], cfg["gf01_cmd"]))
    out["sessions"].append({"first_keys": sorted(first), "bad": bad.get("error"), "accepted_bad": bad.get("accepted"),
                            "result": res, "verified": again, "moves": moves})
for a in cfg["answers"]:
    out["graded"].append(geb_score(geb_grade(cfg["data"], a["id"], a["output"], cfg["geb_cmd"])))
try:
    gf01_verify(cfg["bundle"], "no-such-instance", [], cfg["gf01_cmd"])
except OraclebenchError as e:
    out["errors"].append(str(e))
try:
    Gf01Session("http://127.0.0.1:9/api/gf01", "x", timeout=5)
except OraclebenchError as e:
    out["errors"].append(str(e))
print(json.dumps(out))
