"""GoldEvidenceBench inside inspect_ai (docs/integrations.md, "inspect tasks").

    inspect eval geb_task.py --model openai-api/local/qwen2.5-7b -T data=data.jsonl

One sample per dataset row (the book and the question); the reply is graded by `geb grade`
(default 1.0 settings). Not run here: inspect cannot be installed in this project's CI; the
grading helpers are tested (tests/interop/inspect-tasks.test.ts).
"""

import json

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import Score, Target, mean, scorer
from inspect_ai.solver import TaskState, generate

from oraclebench_inspect import geb_grade, geb_score


@scorer(metrics={"value_ok": [mean()], "exact": [mean()]})
def geb_graded(data: str, cmd: tuple = ("npx", "geb")):
    async def score(state: TaskState, target: Target) -> Score:
        return Score(**geb_score(geb_grade(data, state.sample_id, state.output.completion, cmd)))

    return score


@task
def geb(data: str = "data.jsonl"):
    samples = []
    with open(data, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                r = json.loads(line)
                samples.append(Sample(id=r["id"], input=f"{r['book']}\n\nQUESTION:\n{r['question']}",
                                      target=str(r["gold"]["value"]), metadata=r["meta"]))
    return Task(dataset=MemoryDataset(samples), solver=generate(), scorer=geb_graded(data))
