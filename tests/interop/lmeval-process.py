"""Run the lm-eval task's process_results (integrations/lm-eval/geb_ledger/utils.py) on
lm-eval samples rows, as lm-eval does: results[0] is the filtered response; aggregate with the
YAML's aggregations (value_acc: mean, cite_f1: utils.mean_of_cited).

usage: python3 lmeval-process.py TASK_DIR SAMPLES.jsonl ; prints {value_acc, cite_f1, rows[]}.
"""

import json
import sys

sys.path.insert(0, sys.argv[1])
import utils  # noqa: E402

rows = []
for line in open(sys.argv[2], encoding="utf-8"):
    if not line.strip():
        continue
    s = json.loads(line)
    r = utils.process_results(s["doc"], [s["filtered_resps"][0]])
    rows.append({"id": s["doc"]["id"], **r})
vals = [r["value_acc"] for r in rows]
print(
    json.dumps(
        {
            "value_acc": sum(vals) / len(vals),
            "cite_f1": utils.mean_of_cited([r["cite_f1"] for r in rows]),
            "rows": rows,
        }
    )
)
