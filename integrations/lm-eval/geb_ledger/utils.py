"""GoldEvidenceBench grading for lm-evaluation-harness: value accuracy and citation F1 with
`geb grade`'s default (metrics 1.0) rules, written for this task (not the reference's code).

- The answer is the JSON object in the generated text (the whole text, else from its first
  `{` to its last `}`); an empty generation is no answer (graded wrong).
- Values are compared after normalisation: strings stripped, "" and "null" (any case) mean
  null; numbers, booleans, lists and objects spelled as JavaScript spells them (1.0 -> "1").
- Citation F1 counts the first 3 cited ids against the gold support ids, on rows whose
  `meta.requires_citation` is true; citing nothing when nothing establishes the answer is
  perfect. Other rows report None, and `mean_of_cited` averages over cited rows only (as
  `geb grade` divides by the rows that require citations).
"""

import json
import math

MAX_SUPPORT_K = 3


def _js_number(x):
    """String(x) in JavaScript for a JSON number (x decoded by Python's json)."""
    if isinstance(x, int):
        x = float(x) if abs(x) >= 2**53 else x
        if isinstance(x, int):
            return str(x)
    if not math.isfinite(x):
        return None
    if x == 0:
        return "0"
    if x.is_integer() and abs(x) < 2**53:
        return str(int(x))
    r = repr(x)  # shortest round-trip digits, as JavaScript uses
    mant, _, exp = r.partition("e")
    sign = "-" if mant.startswith("-") else ""
    mant = mant.lstrip("-")
    whole, _, frac = mant.partition(".")
    digits = (whole + frac).lstrip("0") or "0"
    # decimal exponent of the first significant digit
    point = len(whole) + (int(exp) if exp else 0)
    lead_zeros = len(whole + frac) - len((whole + frac).lstrip("0"))
    point -= lead_zeros
    digits = digits.rstrip("0") or "0"
    n = point  # value = 0.digits * 10**n
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    m = digits[0] + ("." + digits[1:] if k > 1 else "")
    return sign + m + "e" + ("+" if e >= 0 else "-") + str(abs(e))


def _utf16_key(s):
    return s.encode("utf-16-be")


def _js_json(v):
    """JSON.stringify(v) with keys sorted (compact, non-ASCII kept)."""
    if v is None:
        return "null"
    if v is True:
        return "true"
    if v is False:
        return "false"
    if isinstance(v, (int, float)):
        s = _js_number(v)
        return "null" if s is None else s
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ",".join(_js_json(x) for x in v) + "]"
    items = sorted(v.items(), key=lambda kv: _utf16_key(kv[0]))
    return "{" + ",".join(json.dumps(k, ensure_ascii=False) + ":" + _js_json(x) for k, x in items) + "}"


def norm_value(v):
    if v is None:
        return None
    if isinstance(v, str):
        s = v.strip()
        return None if s == "" or s.lower() == "null" else s
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return _js_number(v)
    if isinstance(v, list):
        s = ",".join(norm_value(x) or "" for x in v)
        return None if s == "" else s
    return _js_json(v)


def _norm_support(v):
    if v is None:
        return None
    if isinstance(v, str):
        s = v
    elif isinstance(v, (int, float)) and not isinstance(v, bool):
        s = _js_number(v) or "null"
    else:
        s = _js_json(v)
    s = s.strip()
    return None if s == "" else s


def _support_list(v):
    if v is None:
        return []
    if isinstance(v, list):
        return [s for s in (_norm_support(x) for x in v) if s is not None]
    s = _norm_support(v)
    return [] if s is None else [s]


def _reject_constant(name):
    raise ValueError(name)  # JSON.parse refuses NaN / Infinity


def _as_object(s):
    try:
        v = json.loads(s, parse_constant=_reject_constant)
    except ValueError:
        return None
    return v if isinstance(v, dict) else None


def parse_answer(text):
    t = text.strip()
    whole = _as_object(t)
    if whole is not None:
        return whole
    start, end = t.find("{"), t.rfind("}")
    if 0 <= start < end:
        return _as_object(t[start : end + 1]) or {}
    return {}


def grade(doc, text):
    """(value_ok, cite_f1 or None) for one dataset row and one generated text."""
    missing = not text
    pred = {} if missing else parse_answer(text)
    pv = norm_value(pred.get("value"))
    gold = doc.get("gold") or {}
    gv = norm_value(gold.get("value"))
    value_ok = pv == gv and not missing
    meta = doc.get("meta") or {}
    if not meta.get("requires_citation"):
        return value_ok, None
    if missing:
        return value_ok, 0.0
    cited = _support_list(pred.get("support_ids"))
    if not cited:
        cited = _support_list(pred.get("support_id"))
    gold_ids = _support_list(gold.get("support_ids")) or _support_list(gold.get("support_id"))
    ps, gs = set(cited[:MAX_SUPPORT_K]), set(gold_ids)
    if not ps and not gs:
        return value_ok, 1.0
    tp = len(ps & gs)
    p = tp / len(ps) if ps else 0.0
    r = tp / len(gs) if gs else 0.0
    return value_ok, (2 * p * r / (p + r) if p + r else 0.0)


def process_results(doc, results):
    value_ok, f1 = grade(doc, results[0] if results else "")
    return {"value_acc": float(value_ok), "cite_f1": f1}


def mean_of_cited(items):
    """Mean over the rows that require citations (None elsewhere); None when there are none."""
    vals = [x for x in items if x is not None]
    return sum(vals) / len(vals) if vals else None
