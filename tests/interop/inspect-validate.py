"""Validate inspect_ai logs against inspect's published OpenAPI schema and read them the way
inspect does (independent of our TypeScript writer).

usage: python3 inspect-validate.py SCHEMA LOG... ; prints one JSON object:
{"<log>": {"errors": [...], "header": {...}, "samples": [...], "summaries": n, "members": [...]}}

Checks, per log:
- the file name is one `inspect view` lists (`is_log_file`) and parses as {ts}_{task}_..._{id};
- `.eval`: a zip whose members are all DEFLATE, in inspect's order (`_journal/start.json`
  first, `samples/*`, `summaries.json`, `header.json` last); every member is schema-valid
  (`LogStart` parts, `EvalSample`, `EvalSampleSummary[]`, `EvalLog` header); every sample member
  is named `samples/{id}_epoch_{epoch}.json` after its own id and epoch; summaries list the same
  (id, epoch) pairs as the samples;
- `.json`: the whole file is a schema-valid `EvalLog`.
"""

import json
import os
import re
import sys
import zipfile

from jsonschema import Draft202012Validator

LOG_FILE_PATTERN = r"^\d{4}-\d{2}-\d{2}T\d{2}[:-]\d{2}[:-]\d{2}.*$"  # inspect log/_file.py


def validator(schema, name):
    return Draft202012Validator({"$ref": f"#/components/schemas/{name}", "components": schema["components"]})


def errs(v, value, where):
    out = []
    for e in v.iter_errors(value):
        # An anyOf failure (e.g. `samples`: array or null): name the deepest branch error, not the whole value.
        leaf = e
        while leaf.context:
            leaf = max(leaf.context, key=lambda c: len(c.absolute_path))
        out.append(f"{where}: {'/'.join(map(str, leaf.absolute_path))}: {leaf.message[:300]}")
    return out


def main():
    schema = json.load(open(sys.argv[1]))
    v = {n: validator(schema, n) for n in ["EvalLog", "EvalSpec", "EvalPlan", "EvalSample", "EvalSampleSummary"]}
    out = {}
    for path in sys.argv[2:]:
        name = os.path.basename(path)
        e = []
        res = {"errors": e}
        out[path] = res
        is_eval = name.endswith(".eval")
        if not (is_eval or re.match(LOG_FILE_PATTERN, name)):
            e.append("file name is not one inspect lists")
        parts = os.path.splitext(name)[0].split("_")
        res["filename_task"] = parts[1] if len(parts) > 1 else None
        res["filename_id"] = (parts[3] if len(parts) > 3 else parts[2]).split("-")[0] if len(parts) > 2 else None
        if is_eval:
            with zipfile.ZipFile(path) as z:
                infos = z.infolist()
                names = [i.filename for i in infos]
                res["members"] = names
                for i in infos:
                    if i.compress_type != zipfile.ZIP_DEFLATED:
                        e.append(f"{i.filename}: compression {i.compress_type}, not DEFLATE")
                if z.testzip() is not None:
                    e.append("zip CRC check failed")
                if not names or names[0] != "_journal/start.json":
                    e.append("first member is not _journal/start.json")
                if not names or names[-1] != "header.json":
                    e.append("last member is not header.json")
                sample_names = [n for n in names if n.startswith("samples/")]
                if names[1 : 1 + len(sample_names)] != sample_names:
                    e.append("samples are not right after start.json")
                if "summaries.json" not in names or names.index("summaries.json") != len(names) - 2:
                    e.append("summaries.json is not just before header.json")
                start = json.loads(z.read("_journal/start.json"))
                e += errs(v["EvalSpec"], start.get("eval"), "start.eval")
                e += errs(v["EvalPlan"], start.get("plan"), "start.plan")
                header = json.loads(z.read("header.json"))
                e += errs(v["EvalLog"], header, "header")
                if "samples" in header:
                    e.append("header.json carries samples")
                samples = []
                for n in sample_names:
                    s = json.loads(z.read(n))
                    e += errs(v["EvalSample"], s, n)
                    if n != f"samples/{s['id']}_epoch_{s['epoch']}.json":
                        e.append(f"{n}: named after another id/epoch")
                    samples.append(s)
                summaries = json.loads(z.read("summaries.json"))
                for k, s in enumerate(summaries):
                    e += errs(v["EvalSampleSummary"], s, f"summaries[{k}]")
                if [(s["id"], s["epoch"]) for s in summaries] != [(s["id"], s["epoch"]) for s in samples]:
                    e.append("summaries do not list the samples")
                res["summaries"] = len(summaries)
        else:
            log = json.load(open(path))
            e += errs(v["EvalLog"], log, "log")
            header = {k: x for k, x in log.items() if k not in ("samples", "reductions")}
            samples = log.get("samples") or []
        res["header"] = header
        res["samples"] = samples
        if res["filename_task"] != header["eval"]["task"]:
            e.append("file name task differs from eval.task")
        if res["filename_id"] != header["eval"]["eval_id"]:
            e.append("file name id differs from eval.eval_id")
    json.dump(out, sys.stdout)


main()
