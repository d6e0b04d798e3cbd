"""GF-01 online play inside inspect_ai (docs/integrations.md, "inspect tasks").

    gf01 serve --instances bundle.json          # the session API (holds the hidden machine)
    inspect eval gf01_task.py --model openai-api/local/qwen2.5-7b \
        -T instances=bundle.json -T api=http://127.0.0.1:8017/api/b/<key>
    (<key>: printed by gf01 serve at start, "bundle <key>: …")

The solver plays one episode per sample through the session API: each turn the model sees the
observation text (what a person sees) and replies with one JSON action; the certificate it
committed is scored by `gf01 verify` (the exact verifier) in the scorer. Not run here: inspect
cannot be installed in this project's CI; the helpers it uses are tested
(tests/interop/inspect-tasks.test.ts).
"""

import json
import re

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessageSystem, ChatMessageUser
from inspect_ai.scorer import Score, Target, mean, scorer
from inspect_ai.solver import Generate, TaskState, solver

from oraclebench_inspect import Gf01Session, OraclebenchError, gf01_score, gf01_verify

SYSTEM = (
    "You are playing GF-01: a hidden machine reads inputs each timestep; make the effect output "
    "happen as the goal says, intervening on as few inputs at as few timesteps as possible. "
    'Reply with ONE JSON object mapping input names to 0 or 1 for this timestep ({} = none).'
)


def _action(text):
    m = re.search(r"\{[^{}]*\}", text or "")
    try:
        v = json.loads(m.group(0)) if m else {}
    except ValueError:
        v = {}
    return v if isinstance(v, dict) else {}


@solver
def gf01_online(api: str, max_rejected: int = 3):
    async def solve(state: TaskState, generate: Generate) -> TaskState:
        s = Gf01Session(api, state.sample_id, agent_name="inspect")
        state.messages = [ChatMessageSystem(content=SYSTEM),
                          ChatMessageUser(content=f"Goal: {json.dumps(s.goal)}\n\n{s.view['text']}")]
        rejected = 0
        while not s.finished:
            state = await generate(state)
            v = s.act(_action(state.output.completion))
            if v.get("accepted") is False:
                rejected += 1
                if rejected > max_rejected:
                    v = s.act({})
            else:
                rejected = 0
            if not s.finished:
                note = f"Rejected: {v['error']['message']}\n" if v.get("error") else ""
                state.messages.append(ChatMessageUser(content=note + v["text"]))
        state.metadata["gf01_result"] = s.result()
        return state

    return solve


@scorer(metrics={"certified": [mean()], "goal": [mean()], "ap_f1": [mean()], "ts_f1": [mean()]})
def gf01_certified(instances: str, cmd: tuple = ("npx", "gf01")):
    async def score(state: TaskState, target: Target) -> Score:
        res = state.metadata.get("gf01_result")
        if not res:
            raise OraclebenchError("no finished episode to score")
        return Score(**gf01_score(gf01_verify(instances, state.sample_id, res["certificate"], cmd)))

    return score


@task
def gf01(instances: str = "bundle.json", api: str = "http://127.0.0.1:8017/api/gf01"):
    bundle = json.load(open(instances))
    rows = bundle["instances"] if isinstance(bundle, dict) else bundle
    samples = [Sample(id=r["instance_id"], input=r["instance_id"]) for r in rows]
    return Task(dataset=MemoryDataset(samples), solver=gf01_online(api),
                scorer=gf01_certified(instances), metadata={"eval_track": "EVAL-CB"})
